import {
  PaginationError,
  PaginationStrategy,
  Type,
  defineComponent,
  type ComponentFactory,
  type DataRecord,
  type HttpResponse,
  type PageFacts,
} from "../../sdk/index.js";
import { buildTimePageSize, checkPageSize, shortPage } from "./page-size.js";
import { isPythonInt } from "../../python/values.js";

/** Options of {@link PageIncrement}; all optional. */
interface PageIncrementOptions {
  /** Records per page; without it only an empty page ends the read. */
  pageSize?: number;
  /** The number of the first page (default 0). */
  startFromPage?: number;
  /** Send `start_from_page` on the first request too (default false). */
  injectOnFirstRequest?: boolean;
  /** The manifest path, for error messages. */
  manifestPath?: string;
}

/**
 * `PageIncrement`: pages are numbered; the next page is the previous one plus 1. A page with fewer
 * records than `page_size` (counted before any record filter), or an empty page, ends the read.
 * Modelled on APIs such as the Zendesk Support and WordPress REST APIs (`GET /posts?page=2&per_page=100`).
 *
 * Sample response, page size 2, start_from_page 1 (`GET /v1/orders?page=2&per_page=2`):
 * `{ "orders": [{ "id": 3 }, { "id": 4 }] }` -> next page 3; `{ "orders": [] }` -> stop.
 *
 * @example
 * paginator:
 *   type: DefaultPaginator
 *   pagination_strategy: { type: PageIncrement, page_size: 100, start_from_page: 1, inject_on_first_request: true }
 *   page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: per_page }
 *   page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: page }
 */
export class PageIncrement extends PaginationStrategy {
  private readonly pageSize?: number;
  private readonly startFromPage: number;
  private readonly injectOnFirstRequest: boolean;
  private readonly manifestPath: string;

  constructor(options: PageIncrementOptions = {}) {
    super();
    this.manifestPath = options.manifestPath ?? "PageIncrement";
    this.pageSize = options.pageSize === undefined ? undefined : checkPageSize(options.pageSize, `${this.manifestPath}.page_size`);
    this.startFromPage = options.startFromPage ?? 0;
    this.injectOnFirstRequest = options.injectOnFirstRequest ?? false;
  }

  /** The next token comes from the page's record count alone. */
  override get readsRecords(): boolean {
    return false;
  }

  override get initialToken(): unknown {
    return this.injectOnFirstRequest ? this.startFromPage : undefined;
  }

  override getPageSize(): number | undefined {
    return this.pageSize;
  }

  override stopReason({ rawCount }: PageFacts): string | undefined {
    return shortPage(rawCount, this.pageSize);
  }

  override nextPageToken({ rawCount: count, lastToken: lastPageTokenValue }: PageFacts): unknown {
    if ((this.pageSize !== undefined && this.pageSize > 0 && count < this.pageSize) || count === 0) return undefined;
    if (lastPageTokenValue === undefined || lastPageTokenValue === null) return this.startFromPage + 1;
    if (!isPythonInt(lastPageTokenValue)) {
      throw new PaginationError("PAGINATION_TOKEN_INVALID", "The previous PageIncrement token is not an integer", {
        where: { manifestPath: this.manifestPath },
        expected: "an integer page number",
        found: JSON.stringify(lastPageTokenValue) ?? String(lastPageTokenValue),
      });
    }
    return Number(lastPageTokenValue) + 1;
  }
}

/** The `PageIncrement` component. */
export const PageIncrementComponent: ComponentFactory<PageIncrement> = defineComponent({
  type: "PageIncrement",
  kind: "pagination_strategy",
  description: "Page-number pagination: page = previous page + 1",
  examples: [{ page_size: 100, start_from_page: 1, inject_on_first_request: true }],
  schema: Type.Object({
    page_size: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    start_from_page: Type.Optional(Type.Integer({ default: 0 })),
    inject_on_first_request: Type.Optional(Type.Boolean({ default: false })),
  }),
  build(def, ctx) {
    return new PageIncrement({
      pageSize: buildTimePageSize(def.page_size === "" ? undefined : def.page_size, ctx),
      startFromPage: typeof def.start_from_page === "number" ? def.start_from_page : 0,
      injectOnFirstRequest: def.inject_on_first_request === true,
      manifestPath: ctx.path,
    });
  },
});
