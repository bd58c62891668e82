import type { Logger, ObservedExchange, ObservedPage, ObservedSlice, ReadObserver } from "../../sdk/index.js";

/**
 * The read observer behind `--log-level debug`: one debug line per HTTP attempt (method, redacted URL,
 * status, bytes, milliseconds, and what an auxiliary request was for), per pagination decision and per
 * slice. What it receives is already redacted; the logger redacts once more.
 *
 * @example
 * // debug request GET http://127.0.0.1:8080/v1/users?limit=2 status=200 bytes=77 ms=3.1 stream=users page=1
 * // debug page users#1 records=2 next_page_token=2
 * // debug page users#3 records=1 stopped="the page had 1 record, fewer than the page size 2"
 */
export class LogObserver implements ReadObserver {
  constructor(private readonly logger: Logger) {}

  exchange(exchange: ObservedExchange): void {
    const { request, response, where } = exchange;
    this.logger.debug(`${exchange.purpose === "page" ? "request" : exchange.purpose.replace(/_/g, " ")} ${request.method} ${request.url}`, {
      ...(response ? { status: response.status, bytes: response.bytes } : { error: exchange.error }),
      ms: exchange.ms,
      ...(exchange.attempt > 1 ? { attempt: exchange.attempt } : {}),
      ...(where?.stream ? { stream: where.stream } : {}),
      ...(where?.page ? { page: where.page } : {}),
    });
  }

  page(page: ObservedPage): void {
    const decision = page.stopReason === undefined ? { next_page_token: page.nextPageToken } : { stopped: page.stopReason };
    this.logger.debug(`page ${page.stream}#${page.page}`, { records: page.records.length, ...decision });
  }

  slice(slice: ObservedSlice): void {
    this.logger.debug(`slice ${slice.stream}`, { slice: slice.slice });
  }
}

/**
 * One observer that tells several (the debug log and a test read, say); undefined ones are left out.
 *
 * @example
 * services.register(ReadObserver, combineObservers(new LogObserver(logger), testRead));
 */
export function combineObservers(...observers: ReadonlyArray<ReadObserver | undefined>): ReadObserver | undefined {
  const present = observers.filter((o): o is ReadObserver => o !== undefined);
  if (present.length <= 1) return present[0];
  return {
    exchange: (x) => present.forEach((o) => o.exchange?.(x)),
    page: (p) => present.forEach((o) => o.page?.(p)),
    slice: (s) => present.forEach((o) => o.slice?.(s)),
  };
}
