import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { PageFacts } from "../pagination/page-facts.js";

/**
 * Pages through a stream (`DefaultPaginator`, `NoPagination`): decides the next token and puts the
 * token and the page size into each request.
 *
 * @example
 * let token = paginator.initialToken;
 * // ... read a page ...
 * token = paginator.nextPageToken({ response, records, count: 100, rawCount: 100, lastRecord, lastToken: token }); // undefined: stop
 */
export interface Paginator {
  /** True when a page's token depends on state the paginator keeps (see `PaginationStrategy.keepsPageState`): slices are then read one at a time. */
  readonly keepsPageState?: boolean;
  /**
   * False when `nextPageToken` uses the page's record count but never a record's content (`OffsetIncrement`,
   * `PageIncrement`, a cursor from the body or the headers): the next page can then be requested
   * before this page's records have been handed out (and transformed). Absent or true: never before.
   */
  readonly readsRecords?: boolean;
  /** The token of the first request (the strategy's `initialToken`); undefined: the first request carries none. */
  readonly initialToken: unknown;
  /** The next page's token from the page just read, or undefined to stop. */
  nextPageToken(page: PageFacts): unknown;
  /** The token as a path or whole URL (`RequestPath`), or undefined. */
  pagePath(token: unknown): string | undefined;
  /** Injects the page size and, unless it is a path, the token. */
  applyToRequest(request: OutgoingRequest, token: unknown): void;
  /**
   * Why `nextPageToken` gave no token for this page, in an author's words (shown by `sluice test-read`
   * and debug logs; called only then, never on the hot path).
   */
  stopReason?(page: PageFacts): string | undefined;
}
