import type { DataRecord } from "../components/records.js";
import type { HttpResponse } from "../http/http-response.js";
import type { PageFacts } from "./page-facts.js";

/**
 * The base class of every pagination strategy, built-in and custom: it decides the next page token
 * from the response just read. The paginator injects that token into the next request (or uses it
 * as the next URL). The constructor takes no required argument; a custom strategy receives one
 * options object with its manifest fields, `config` and `parameters`.
 *
 * @example
 * // An API that reports total_pages and wants page=0,1,2,...
 * import { PaginationStrategy, type HttpResponse } from "sluice/sdk";
 *
 * export class TotalPages extends PaginationStrategy {
 *   get initialToken() { return 0; }
 *   nextPageToken(response: HttpResponse, _size: number, _last: unknown, lastToken: unknown) {
 *     const page = Number(lastToken ?? 0) + 1;
 *     return page < (response.json() as { total_pages: number }).total_pages ? page : undefined;
 *   }
 *   getPageSize() { return undefined; }
 * }
 */
export abstract class PaginationStrategy {
  /**
   * True when the strategy keeps state from one page to the next instead of working from the token
   * it is given (a port of a Python class that counts pages): the stream's slices are then read one
   * at a time, never concurrently. Default false.
   */
  get keepsPageState(): boolean {
    return false;
  }

  /**
   * Whether {@link nextPageToken} reads the content of the page's records (`lastRecord`, `page.records`),
   * not only how many there are. Default true (always safe); a strategy that says false lets the next
   * page be requested while the consumer is still taking this one.
   */
  get readsRecords(): boolean {
    return true;
  }

  /** The token of the first request; undefined means the first request carries no token. */
  get initialToken(): unknown {
    return undefined;
  }

  /**
   * The token of the next page, or a falsy/undefined value to stop.
   *
   * @param response the page just read
   * @param lastPageSize how many records that page yielded
   * @param lastRecord the page's last record
   * @param lastPageTokenValue the token that fetched this page (undefined for the first page)
   * @param page optional facts about the page (raw record count, the page's records); a Sluice extra
   */
  abstract nextPageToken(
    response: HttpResponse,
    lastPageSize: number,
    lastRecord: DataRecord | undefined,
    lastPageTokenValue: unknown,
    page?: PageFacts,
  ): unknown;

  /**
   * Why {@link nextPageToken} stopped on this page, for `sluice test-read` ("the page had 3 records,
   * fewer than the page size 100"); undefined when the strategy cannot say. Called only when a read is
   * observed.
   */
  explainStop(_response: HttpResponse, _lastPageSize: number, _lastRecord: DataRecord | undefined, _page?: PageFacts): string | undefined {
    return undefined;
  }

  /** The page size to inject with `page_size_option`, or undefined when there is none. */
  getPageSize(): number | undefined {
    return undefined;
  }
}
