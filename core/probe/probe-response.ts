/**
 * One response the detection reads, with the request that asked for it: the first page of a stream,
 * as `sluice init --probe` or the Builder's Detect sent it (through the connector's own requester, so
 * with its authentication).
 *
 * @example
 * { request: { method: "GET", url: "https://api.github.com/repos/o/r/issues?per_page=20", body: null },
 *   status: 200, headers: { link: '<https://api.github.com/...&page=2>; rel="next"' }, body: [{ id: 1 }, ...] }
 */
export interface ProbeResponse {
  request: { method: string; url: string; body: unknown };
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON. */
  body: unknown;
}

