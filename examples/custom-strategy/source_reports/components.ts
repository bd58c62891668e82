import { PaginationStrategy, type PageFacts } from "sluice/sdk";

/** The options the manifest gives this class (its other fields), plus `config` and `parameters`. */
export interface TotalPagesFromZeroOptions {
  /** The body field holding the page count (default `total_pages`). */
  total_pages_field?: string;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

/**
 * Pages numbered from 0, with the page count in every response: asks for page 0, 1, ... and stops
 * after page `total_pages - 1`, without reading an empty page. `PageIncrement` cannot say this (it
 * stops on a short or empty page, and its first injected page is `start_from_page + 1` unless
 * `inject_on_first_request`).
 *
 * Sample response of `GET /v1/reports?page=1`: `{ "data": [...], "page": 1, "total_pages": 3 }`.
 *
 * @example
 * pagination_strategy:
 *   type: CustomPaginationStrategy
 *   class_name: source_reports.components.TotalPagesFromZero
 *   total_pages_field: total_pages
 */
export class TotalPagesFromZero extends PaginationStrategy {
  private readonly field: string;

  constructor(options: TotalPagesFromZeroOptions) {
    super();
    this.field = options.total_pages_field ?? "total_pages";
  }

  override get initialToken(): number {
    return 0;
  }

  nextPageToken({ response, lastToken }: PageFacts): number | undefined {
    const body = response.json() as Record<string, unknown>;
    const totalPages = Number(body[this.field]);
    const next = Number(lastToken ?? 0) + 1;
    return next < totalPages ? next : undefined;
  }
}
