import {
  ManifestError,
  PaginationStrategy,
  SluiceError,
  Type,
  componentSchema,
  defineComponent,
  type ComponentFactory,
  type OutgoingRequest,
  type PageFacts,
  type Paginator,
  type RequestOption,
  type RequestPath,
  thenMaybe,
} from "../../sdk/index.js";
import { pyStr } from "../../python/str.js";
import { truthy } from "../../python/values.js";
import { withFactsForm } from "../shared/kit-style-strategy.js";

/** Options of {@link DefaultPaginator}. */
interface DefaultPaginatorOptions {
  strategy: PaginationStrategy;
  /** Where the page size goes (needs a strategy with a page size). */
  pageSizeOption?: RequestOption;
  /** Where the token goes, or `RequestPath` (the token is the next URL). Absent: only templates see it, as `next_page_token`. */
  pageTokenOption?: RequestOption | RequestPath;
  /** The manifest path, for error messages. */
  manifestPath?: string;
}

/**
 * `DefaultPaginator`: asks its strategy for the next token and puts the token and the page size into
 * each request. A falsy token (`undefined`, `0`, `""`, `false`) ends the read, as in the kit. The page
 * size is injected into every request, the first one included; the token whenever there is one
 * (an initial token `0` is sent). With `page_token_option: { type: RequestPath }` the token is the
 * next request's URL or path instead.
 *
 * Sample response, GitHub-style (`GET /user/repos?per_page=2`), a top-level array and a header
 * `Link: <https://api.github.com/user/repos?per_page=2&page=2>; rel="next"` -> next URL page=2.
 *
 * @example
 * paginator:
 *   type: DefaultPaginator
 *   pagination_strategy: { type: CursorPagination, cursor_value: "{{ headers.link.next.url }}", page_size: 100 }
 *   page_size_option: { inject_into: request_parameter, field_name: per_page }
 *   page_token_option: { type: RequestPath }
 */
export class DefaultPaginator implements Paginator {
  private readonly strategy: PaginationStrategy;
  /** The strategy's class, for "... returned no next token". */
  private readonly strategyName: string;
  private readonly sizeOption?: RequestOption;
  private readonly tokenOption?: RequestOption;
  private readonly tokenIsPath: boolean;

  constructor(options: DefaultPaginatorOptions) {
    this.strategyName = options.strategy.displayName;
    this.strategy = withFactsForm(options.strategy);
    this.sizeOption = options.pageSizeOption;
    const tokenOption = options.pageTokenOption;
    this.tokenIsPath = tokenOption?.kind === "request_path";
    this.tokenOption = tokenOption?.kind === "request_option" ? tokenOption : undefined;
    this.checkOptions(options.manifestPath ?? "DefaultPaginator");
  }

  get keepsPageState(): boolean {
    return this.strategy.keepsPageState;
  }

  get readsRecords(): boolean {
    return this.strategy.readsRecords;
  }

  get initialToken(): unknown {
    return this.strategy.initialToken;
  }

  nextPageToken(page: PageFacts): unknown {
    // A strategy's promise (a Python one's) is passed on, its token checked once it comes.
    return thenMaybe(this.strategy.nextPageToken(page), (token) => (truthy(token) ? token : undefined));
  }

  stopReason(page: PageFacts): string | undefined {
    return this.strategy.stopReason(page) ?? `${this.strategyName} returned no next token`;
  }

  /** The page's path for a `RequestPath` token: Python's `str()` of it, as the kit (a dict token is written `{'next': '...'}`). */
  pagePath(token: unknown): string | undefined {
    return this.tokenIsPath && truthy(token) ? pyStr(token) : undefined;
  }

  applyToRequest(request: OutgoingRequest, token: unknown): void {
    if (this.tokenOption && token !== undefined && token !== null) this.tokenOption.inject(request, token);
    if (this.sizeOption) {
      const size = this.strategy.getPageSize();
      if (truthy(size)) this.sizeOption.inject(request, size);
    }
  }

  /** The kit's construction checks: a page size option needs a page size, and the two options must not collide. */
  private checkOptions(manifestPath: string): void {
    if (!this.sizeOption) return;
    if (!truthy(this.strategy.getPageSize())) {
      throw new ManifestError("PAGINATION_PAGE_SIZE_MISSING", "page_size_option is set but the pagination strategy has no page_size", {
        where: { manifestPath: `${manifestPath}.page_size_option` },
        expected: "a page_size on the pagination strategy, or no page_size_option",
        found: `page_size ${JSON.stringify(this.strategy.getPageSize()) ?? "unset"}`,
      });
    }
    if (!this.tokenOption) return;
    const probe: OutgoingRequest = { method: "GET", url: "http://probe.invalid/", params: {}, headers: {} };
    try {
      this.tokenOption.inject(probe, "dummy_value_0");
      this.sizeOption.inject(probe, "dummy_value_1");
    } catch (error) {
      if (!(error instanceof SluiceError)) throw error;
      throw new ManifestError("PAGINATION_OPTION_COLLISION", "page_size_option and page_token_option put their values in the same place", {
        where: { manifestPath },
        expected: "different field names (or targets) for the page size and the page token",
        found: error.found ?? error.message,
        cause: error,
      });
    }
  }
}

/** The `DefaultPaginator` component. */
export const DefaultPaginatorComponent: ComponentFactory<DefaultPaginator> = defineComponent({
  type: "DefaultPaginator",
  kind: "paginator",
  description: "Pages through a stream with a pagination strategy, injecting the token and page size",
  examples: [{ pagination_strategy: { type: "OffsetIncrement", page_size: 100 }, page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "limit" }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" } }],
  schema: Type.Object({
    pagination_strategy: componentSchema("pagination_strategy"),
    page_size_option: Type.Optional(componentSchema("request_option")),
    page_token_option: Type.Optional(componentSchema("request_option", "request_path")),
  }),
  fieldDefaults: { page_size_option: "RequestOption" },
  customFieldTypes: { pagination_strategy: "CustomPaginationStrategy" },
  async build(def, ctx) {
    const strategy = await ctx.build<PaginationStrategy>("pagination_strategy");
    if (!(strategy instanceof PaginationStrategy)) {
      throw new ManifestError("MANIFEST_INVALID", "pagination_strategy did not build a PaginationStrategy", {
        where: { manifestPath: `${ctx.path}.pagination_strategy` },
        expected: "a component extending PaginationStrategy",
        found: strategy === null || typeof strategy !== "object" ? String(strategy) : (strategy as object).constructor.name,
      });
    }
    return new DefaultPaginator({
      strategy,
      pageSizeOption: def.page_size_option === undefined ? undefined : await ctx.build<RequestOption>("page_size_option"),
      pageTokenOption: def.page_token_option === undefined ? undefined : await ctx.build<RequestOption | RequestPath>("page_token_option"),
      manifestPath: ctx.path,
    });
  },
});
