/** The pagination methods `sluice init` scaffolds. */
export const PAGINATION_METHODS = ["offset", "page", "cursor", "link", "none"] as const;
export type PaginationMethod = (typeof PAGINATION_METHODS)[number];

/** What a pagination method adds to a scaffolded connector. */
interface PaginationScaffold {
  summary: string;
  paginator: Record<string, unknown>;
  /** Where the records are in a response (`DpathExtractor.field_path`). */
  recordsPath: string[];
  /** A sample response, for the README. */
  sample: string;
}

const parameter = (field_name: string) => ({ type: "RequestOption", inject_into: "request_parameter", field_name });

/**
 * The paginator and the record path of each method `sluice init --pagination` offers.
 *
 * @example
 * paginationScaffold("offset").paginator.pagination_strategy // { type: "OffsetIncrement", page_size: 100 }
 */
export function paginationScaffold(method: PaginationMethod): PaginationScaffold {
  switch (method) {
    case "offset":
      return {
        summary: "Offset: ?limit=100&offset=200 until a short page (Mailchimp, Spotify)",
        paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: 100 }, page_size_option: parameter("limit"), page_token_option: parameter("offset") },
        recordsPath: ["data"],
        sample: '{"data": [{"id": 1}, ...], "total": 250}',
      };
    case "page":
      return {
        summary: "Page number: ?page=3&per_page=100 until a short page (Zendesk, WordPress)",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "PageIncrement", page_size: 100, start_from_page: 1, inject_on_first_request: true },
          page_size_option: parameter("per_page"),
          page_token_option: parameter("page"),
        },
        recordsPath: ["data"],
        sample: '{"data": [{"id": 1}, ...], "page": 3}',
      };
    case "cursor":
      return {
        summary: "Cursor: ?cursor=<next_cursor from the last response> until there is none (Slack, Notion)",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}", stop_condition: "{{ not response.next_cursor }}", page_size: 100 },
          page_size_option: parameter("limit"),
          page_token_option: parameter("cursor"),
        },
        recordsPath: ["data"],
        sample: '{"data": [{"id": 1}, ...], "next_cursor": "eyJpZCI6MTAwfQ"}',
      };
    case "link":
      return {
        summary: 'Link header: follow Link: <...>; rel="next" (GitHub, Shopify)',
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}", page_size: 100 },
          page_size_option: parameter("per_page"),
          page_token_option: { type: "RequestPath" },
        },
        recordsPath: [],
        sample: '[{"id": 1}, ...] with the header Link: <https://api.example.com/items?page=2>; rel="next"',
      };
    case "none":
      return { summary: "No pagination: one request returns everything", paginator: { type: "NoPagination" }, recordsPath: ["data"], sample: '{"data": [{"id": 1}, ...]}' };
  }
}
