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
 * import { PaginationStrategy, type PageFacts } from "sluice/sdk";
 *
 * export class TotalPages extends PaginationStrategy {
 *   get initialToken() { return 0; }
 *   nextPageToken({ response, lastToken }: PageFacts) {
 *     const page = Number(lastToken ?? 0) + 1;
 *     return page < (response.json() as { total_pages: number }).total_pages ? page : undefined;
 *   }
 *   getPageSize() { return undefined; }
 * }
 *
 * A class written for the kit's positional form compiles and runs too, as a `CustomPaginationStrategy`
 * or a plugin's strategy (an adapter, plugins/shared/kit-style-strategy.ts, calls it that way):
 *
 * @example
 * export class CounterPagination extends PaginationStrategy {
 *   nextPageToken(response: HttpResponse, lastPageSize: number, lastRecord: DataRecord | undefined, lastToken: unknown) {
 *     return lastPageSize < 100 ? undefined : Number(lastToken ?? 0) + 1;
 *   }
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
   * Whether {@link nextPageToken} reads the content of the page's records (`lastRecord`, `records`),
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
   * The token of the next page, or a falsy/undefined value to stop. Written in one of two forms, both
   * typed here so either compiles in a strict project: the facts form `nextPageToken(page)`, which the
   * paginator calls, or the kit's positional form `nextPageToken(response, lastPageSize, lastRecord,
   * lastToken)`, which an adapter calls with the same facts spread out (a method declaring two
   * parameters or more is positional).
   *
   * @param page the page just read (facts form: response, records, count, raw count, last record, the
   *   token that fetched it), or the response (positional form)
   * @param lastPageSize positional form: how many records the page yielded (after filtering)
   * @param lastRecord positional form: the page's last record, undefined when it had none
   * @param lastToken positional form: the token that fetched this page
   * @param details positional form: the raw count before filtering and the page's records
   */
  abstract nextPageToken(
    page: PageFacts | HttpResponse,
    lastPageSize?: number,
    lastRecord?: DataRecord,
    lastToken?: unknown,
    details?: PositionalPageDetails,
  ): unknown;

  /**
   * Why {@link nextPageToken} stopped on this page, for `sluice test-read` ("the page had 3 records,
   * fewer than the page size 100"); undefined when the strategy cannot say. Called only when a read is
   * observed.
   */
  stopReason(_page: PageFacts): string | undefined {
    return undefined;
  }

  /**
   * The strategy's name in messages ("OffsetIncrement returned no next token"): its class name by default;
   * an adapter around a custom class gives that class (`source_things.components.CounterPagination`).
   */
  get displayName(): string {
    return this.constructor.name;
  }

  /** The page size to inject with `page_size_option`, or undefined when there is none. */
  getPageSize(): number | undefined {
    return undefined;
  }
}

/**
 * The fifth argument of the positional `nextPageToken`: what the kit's form has no parameter for.
 *
 * @example
 * nextPageToken(response, lastPageSize, lastRecord, lastToken, { rawRecordCount, records }) { ... }
 */
export interface PositionalPageDetails {
  /** How many records the extractor found before filtering. */
  rawRecordCount: number;
  /** The page's records after filtering, when they were kept. */
  records?: readonly DataRecord[];
}
