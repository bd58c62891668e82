/**
 * A loopback API for concurrency tests and the latency benchmark: every response is late by a chosen
 * delay (per request, so slices can finish out of order), and the server counts the requests in
 * flight and the most it ever saw at once.
 *
 * Routes:
 * - `GET /items?part=P&page=N` (P any string, default "all"): `pages` pages of `perPage` records,
 *   `{ data: [...], next: N+1 | null }`; record ids are `P-N-i`.
 * - `GET /events?start=S&end=E&page=N`: records of a day-window API: one record per hour between S and E
 *   (ISO dates), `perPage` per page, each with `updated_at`.
 * - `GET /parents?page=N`: `parents` parent records `{ id: "p<i>" }`, `perPage` per page.
 *
 * @example
 * const api = await startLatencyApi({ delayMs: 100, pages: 3, perPage: 10 });
 * // ... read ...
 * api.maxInFlight; // 10
 */
import { DelayedApi, type DelayedReply, type DelayedRequest } from "./delayed-api.js";

/** Options of {@link startLatencyApi}. */
export interface LatencyApiOptions {
  /** How late each response is, in ms; a function chooses per request. */
  delayMs: number | ((url: URL) => number);
  /** Pages per `/items` partition (default 3). */
  pages?: number;
  /** Records per page (default 10). */
  perPage?: number;
  /** Parent records of `/parents` (default 20). */
  parents?: number;
  /** Answers a request with this status instead (a failing partition). */
  fail?(url: URL): number | undefined;
}

/** A running latency API: the counters of {@link DelayedApi}. */
export class LatencyApi extends DelayedApi {
  constructor(private readonly options: LatencyApiOptions) {
    super();
  }

  protected delayOf({ url }: DelayedRequest): number {
    return typeof this.options.delayMs === "function" ? this.options.delayMs(url) : this.options.delayMs;
  }

  protected answer({ url }: DelayedRequest): DelayedReply {
    const status = this.options.fail?.(url);
    return status ? { status, body: { error: "failed on purpose" } } : { body: route(url, this.options) };
  }
}

export function startLatencyApi(options: LatencyApiOptions): Promise<LatencyApi> {
  return new LatencyApi(options).listen();
}

function route(url: URL, options: LatencyApiOptions): unknown {
  const perPage = options.perPage ?? 10;
  const page = Number(url.searchParams.get("page") ?? 1);
  if (url.pathname === "/parents") {
    const total = options.parents ?? 20;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) => ({ id: `p${(page - 1) * perPage + i}` }));
    return { data, next: page * perPage < total ? page + 1 : null };
  }
  if (url.pathname === "/events") {
    const start = Date.parse(String(url.searchParams.get("start")));
    const end = Date.parse(String(url.searchParams.get("end")));
    const hours: string[] = [];
    for (let t = start; t <= end; t += 3_600_000) hours.push(new Date(t).toISOString().replace(".000Z", "Z"));
    const slice = hours.slice((page - 1) * perPage, page * perPage);
    return { data: slice.map((at) => ({ id: at, updated_at: at })), next: page * perPage < hours.length ? page + 1 : null };
  }
  const pages = options.pages ?? 3;
  const part = url.searchParams.get("part") ?? "all";
  const data = Array.from({ length: perPage }, (_, i) => ({ id: `${part}-${page}-${i}` }));
  return { data, next: page < pages ? page + 1 : null };
}

/** A stream of `/items` partitioned by `parts` (a ListPartitionRouter on `?part=`), paged by `?page=`. */
export function itemsStream(name: string, url: string, parts?: readonly string[]): Record<string, unknown> {
  return {
    type: "DeclarativeStream",
    name,
    primary_key: "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: url, path: "/items", http_method: "GET" },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
      paginator: nextPagePaginator(),
      ...(parts
        ? { partition_router: { type: "ListPartitionRouter", values: [...parts], cursor_field: "part", request_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "part" } } }
        : {}),
    },
  };
}

/** `?page=N` from the body's `next`, stopping when it is null. */
export function nextPagePaginator(): Record<string, unknown> {
  return {
    type: "DefaultPaginator",
    pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ response.next is none }}" },
    page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
  };
}

/**
 * A `DatetimeBasedCursor` on `updated_at` in day windows (P1D) from `from` to `to` (ISO, `...Z`);
 * `extra` adds fields (the request options of the window, say).
 *
 * @example
 * incremental_sync: dayWindows({ from: "2024-01-01T00:00:00Z", to: "2024-01-10T23:59:59Z" })
 */
export function dayWindows(window: { from: string; to: string }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "DatetimeBasedCursor", cursor_field: "updated_at", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: window.from, end_datetime: window.to, step: "P1D", cursor_granularity: "PT1S", ...extra };
}

/** A manifest of the given streams. */
export function latencyManifest(streams: readonly Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: [String(streams[0]?.name)] }, streams, ...extra };
}
