import {
  Interpolator,
  PaginationError,
  PaginationStrategy,
  Type,
  defineComponent,
  type CompiledTemplate,
  type ComponentFactory,
  type DataRecord,
  type HttpResponse,
  type PageFacts,
} from "../../sdk/index.js";
import { checkPageSize, shortPage } from "./page-size.js";
import { decodedResponse } from "../shared/pagination-context.js";
import { isPythonInt } from "../../python/values.js";

/** Options of {@link OffsetIncrement}; all optional. */
interface OffsetIncrementOptions {
  /** Records per page: a number, or a template over `config` (and `response` when deciding the next page). */
  pageSize?: number | CompiledTemplate;
  /** Send `offset=0` on the first request too (default false: the first request has no offset). */
  injectOnFirstRequest?: boolean;
  config?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  /** The manifest path, for error messages. */
  manifestPath?: string;
}

/**
 * `OffsetIncrement`: the next offset is the previous offset plus the number of records the page
 * returned (counted before any record filter). A page shorter than `page_size`, or an empty page,
 * ends the read. Modelled on APIs such as the Spotify Web API and Mailchimp
 * (`GET /lists?offset=200&count=100`).
 *
 * Sample response, page size 2 (`GET /v1/users?limit=2&offset=2`):
 * `{ "data": [{ "id": 3 }, { "id": 4 }] }` -> next offset 4; `{ "data": [{ "id": 5 }] }` -> stop.
 *
 * @example
 * paginator:
 *   type: DefaultPaginator
 *   pagination_strategy: { type: OffsetIncrement, page_size: 100 }
 *   page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: limit }
 *   page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: offset }
 */
export class OffsetIncrement extends PaginationStrategy {
  private readonly pageSize?: number | CompiledTemplate;
  private readonly injectOnFirstRequest: boolean;
  private readonly scope: { config: Record<string, unknown>; parameters: Record<string, unknown> };
  private readonly manifestPath: string;

  constructor(options: OffsetIncrementOptions = {}) {
    super();
    this.pageSize = options.pageSize;
    this.injectOnFirstRequest = options.injectOnFirstRequest ?? false;
    this.scope = { config: options.config ?? {}, parameters: options.parameters ?? {} };
    this.manifestPath = options.manifestPath ?? "OffsetIncrement";
  }

  /** The next token comes from the page's record count alone. */
  override get readsRecords(): boolean {
    return false;
  }

  override get initialToken(): unknown {
    return this.injectOnFirstRequest ? 0 : undefined;
  }

  /** The page size with `config` only (what `page_size_option` injects); undefined when unset. */
  override getPageSize(): number | undefined {
    return this.evalPageSize({});
  }

  override nextPageToken({ response, rawCount: count, lastToken: lastPageTokenValue }: PageFacts): unknown {
    // A fixed page size needs no template context (this runs for every page).
    const size = this.pageSize === undefined || typeof this.pageSize === "number" ? this.evalPageSize({}) : this.evalPageSize({ response: decodedResponse(response) });
    if ((size !== undefined && size > 0 && count < size) || count === 0) return undefined;
    if (lastPageTokenValue === undefined || lastPageTokenValue === null) return count;
    if (!isPythonInt(lastPageTokenValue)) {
      throw new PaginationError("PAGINATION_TOKEN_INVALID", "The previous OffsetIncrement token is not an integer", {
        where: { manifestPath: this.manifestPath },
        expected: "an integer offset",
        found: JSON.stringify(lastPageTokenValue) ?? String(lastPageTokenValue),
      });
    }
    return Number(lastPageTokenValue) + count;
  }

  override stopReason({ response, rawCount: count }: PageFacts): string | undefined {
    const size = this.evalPageSize({ response: decodedResponse(response) });
    return shortPage(count, size);
  }

  private evalPageSize(extra: Record<string, unknown>): number | undefined {
    if (this.pageSize === undefined) return undefined;
    if (typeof this.pageSize === "number") return checkPageSize(this.pageSize, `${this.manifestPath}.page_size`);
    const value = this.pageSize.eval({ ...this.scope, ...extra });
    return checkPageSize(value, `${this.manifestPath}.page_size`, this.pageSize.source);
  }
}

/** The `OffsetIncrement` component. */
export const OffsetIncrementComponent: ComponentFactory<OffsetIncrement> = defineComponent({
  type: "OffsetIncrement",
  kind: "pagination_strategy",
  description: "Offset pagination: offset = previous offset + records returned",
  examples: [{ page_size: 100 }],
  schema: Type.Object({
    page_size: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    inject_on_first_request: Type.Optional(Type.Boolean({ default: false })),
  }),
  build(def, ctx) {
    const raw = def.page_size;
    let pageSize: number | CompiledTemplate | undefined;
    if (typeof raw === "number") pageSize = checkPageSize(raw, `${ctx.path}.page_size`);
    else if (typeof raw === "string" && /^\s*\d+\s*$/.test(raw)) pageSize = Number(raw);
    else if (typeof raw === "string" && raw !== "") {
      pageSize = ctx.get(Interpolator).compile(raw, { path: `${ctx.path}.page_size`, names: ["response"] });
    }
    return new OffsetIncrement({
      pageSize,
      injectOnFirstRequest: def.inject_on_first_request === true,
      config: ctx.config,
      parameters: ctx.parameters,
      manifestPath: ctx.path,
    });
  },
});
