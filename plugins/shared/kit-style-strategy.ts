import { PaginationStrategy, type HttpResponse, type PageFacts } from "../../sdk/index.js";

/**
 * The one place the kit's positional form of `nextPageToken` lives. A strategy written for it,
 * `nextPageToken(response, lastPageSize, lastRecord, lastPageTokenValue, page?)` (a TypeScript class from
 * before the facts object, or a Python-style port's `next_page_token`), is called that way; one written
 * for the facts object, `nextPageToken(page)`, gets the {@link PageFacts}. A method that declares two
 * parameters or more is positional; one that declares one or none gets the facts, which also answer as
 * the response (`status`, `headers`, `json()`...), so a positional method that only takes `response`
 * keeps working too.
 *
 * @example
 * callNextPageToken(inner, inner.nextPageToken, facts)
 * // nextPageToken(response, _size, _last, lastToken) -> called with (facts.response, facts.count, facts.lastRecord, facts.lastToken, { rawRecordCount, records })
 * // nextPageToken({ response, lastToken })          -> called with the facts
 */
export function callNextPageToken(target: unknown, method: Function, page: PageFacts): unknown {
  if (method.length >= 2) return method.call(target, page.response, page.count, page.lastRecord, page.lastToken, { rawRecordCount: page.rawCount, records: page.records });
  return method.call(target, factsAnsweringAsResponse(page));
}

/**
 * The kit's `next_page_token(response, last_page_size, last_record, last_page_token_value)` of a
 * Python-style port: absent values are `null`, as Python's `None`.
 *
 * @example
 * callPythonNextPageToken(inner, facts) // inner.next_page_token(response, 100, null, null)
 */
export function callPythonNextPageToken(target: { next_page_token: Function }, page: PageFacts): unknown {
  return target.next_page_token(page.response, page.count, page.lastRecord ?? null, page.lastToken ?? null);
}

/**
 * A strategy registered by a plugin and written in the positional form, behind the facts form the
 * paginator calls; a facts-form strategy is returned as it is.
 *
 * @example
 * const strategy = withFactsForm(await ctx.build<PaginationStrategy>("pagination_strategy"));
 */
export function withFactsForm(strategy: PaginationStrategy): PaginationStrategy {
  return strategy.nextPageToken.length >= 2 ? new KitStyleStrategy(strategy) : strategy;
}

/** A positional strategy behind the facts form (see {@link withFactsForm}). */
class KitStyleStrategy extends PaginationStrategy {
  constructor(private readonly inner: PaginationStrategy) {
    super();
  }

  override get keepsPageState(): boolean {
    return this.inner.keepsPageState;
  }

  override get readsRecords(): boolean {
    return this.inner.readsRecords;
  }

  override get initialToken(): unknown {
    return this.inner.initialToken;
  }

  nextPageToken(page: PageFacts): unknown {
    return callNextPageToken(this.inner, this.inner.nextPageToken, page);
  }

  /** The positional form's `explainStop(response, lastPageSize, lastRecord, page)`, when the class has one. */
  override stopReason(page: PageFacts): string | undefined {
    const explain = (this.inner as unknown as { explainStop?: Function }).explainStop;
    if (typeof explain === "function") return explain.call(this.inner, page.response, page.count, page.lastRecord, { rawRecordCount: page.rawCount, records: page.records }) as string | undefined;
    return this.inner.stopReason(page);
  }

  override getPageSize(): number | undefined {
    return this.inner.getPageSize();
  }

  /** The strategy's own class name in messages ("TotalPages returned no next token"). */
  override get displayName(): string {
    return this.inner.displayName;
  }
}

/** The facts, with the response's members beside them. */
function factsAnsweringAsResponse(page: PageFacts): PageFacts & HttpResponse {
  const response = page.response;
  return {
    ...page,
    status: response.status,
    url: response.url,
    headers: response.headers,
    get links() {
      return response.links;
    },
    ignored: response.ignored,
    json: () => response.json(),
    text: () => response.text(),
    bytes: () => response.bytes(),
    documents: () => response.documents(),
  };
}
