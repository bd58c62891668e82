import { PaginationStrategy, definePlugin, type ComponentFactory, type PageFacts } from "../../sdk/index.js";

/** Options of {@link TotalPagesPagination}. */
export interface TotalPagesOptions {
  /** The body field holding the page count. */
  totalPagesField: string;
  /** The number of the first page (default 0). */
  startFromPage: number;
}

/**
 * Pages counted from `start_from_page`, stopping after the page count the API reports. A host
 * plugin: the same idea as the custom class of examples/custom-strategy, made reusable with a
 * `type` and a JSON Schema so that any manifest of this host can write `type: TotalPagesPagination`.
 *
 * Sample response of `GET /v1/reports?page=0` (demo API): `{ "data": [...], "page": 0, "total_pages": 3 }`.
 */
export class TotalPagesPagination extends PaginationStrategy {
  constructor(private readonly options: TotalPagesOptions) {
    super();
  }

  override get initialToken(): number {
    return this.options.startFromPage;
  }

  nextPageToken({ response, lastToken }: PageFacts): number | undefined {
    const total = Number((response.json() as Record<string, unknown>)[this.options.totalPagesField]);
    const next = Number(lastToken ?? this.options.startFromPage) + 1;
    return next < total + this.options.startFromPage ? next : undefined;
  }
}

/**
 * The component a manifest names as `type: TotalPagesPagination`.
 *
 * @example
 * pagination_strategy: { type: TotalPagesPagination, total_pages_field: total_pages, start_from_page: 0 }
 */
export const TotalPagesPaginationComponent: ComponentFactory<TotalPagesPagination> = {
  type: "TotalPagesPagination",
  kind: "pagination_strategy",
  description: "Pages from start_from_page until the page count in total_pages_field",
  schema: {
    type: "object",
    properties: {
      total_pages_field: { type: "string", default: "total_pages" },
      start_from_page: { type: "integer", default: 0 },
    },
  },
  build: (def) =>
    new TotalPagesPagination({
      totalPagesField: typeof def.total_pages_field === "string" ? def.total_pages_field : "total_pages",
      startFromPage: typeof def.start_from_page === "number" ? def.start_from_page : 0,
    }),
};

/**
 * The host's plugin: registers `TotalPagesPagination`.
 *
 * @example
 * const sluice = createSluice({ plugins: [totalPagesPlugin] });
 */
export const totalPagesPlugin = definePlugin({
  name: "embed-example:total-pages",
  register(ctx) {
    ctx.registerComponent(TotalPagesPaginationComponent);
  },
});
