/**
 * The progress guard's cost per page (issue 8, part 4): what `ProgressGuard.beforeRequest` with
 * `requestSignature` adds to every page request, for a numeric offset token and for a whole next-page
 * URL as the token (a Link-header cursor; tokens longer than 64 characters are remembered by hash).
 *
 * @example
 * npm run bench -- progress-guard
 */
import type { OutgoingRequest } from "../../sdk/index.js";
import { ProgressGuard, requestSignature } from "../../plugins/shared/progress-guard.js";
import { nanosPerCall, significant, type Metric } from "./support/measure.js";

const PAGES = 20_000;

/** ns per page of guarding `PAGES` pages whose token and request `page(i)` makes. */
async function perPage(page: (i: number) => { token: unknown; request: OutgoingRequest }): Promise<number> {
  const requests = Array.from({ length: PAGES }, (_, i) => page(i + 1));
  let guard = new ProgressGuard({ stream: "items", maxPages: 1_000_000 });
  let i = 0;
  return nanosPerCall(
    () => {
      if (i === PAGES) {
        guard = new ProgressGuard({ stream: "items", maxPages: 1_000_000 });
        i = 0;
      }
      const { token, request } = requests[i]!;
      i++;
      guard.beforeRequest(i, token, requestSignature(request));
    },
    { iterations: PAGES },
  );
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const headers = { Authorization: "Bearer bench-token", Accept: "application/json" };
  const offset = await perPage((i) => ({
    token: i === 1 ? undefined : (i - 1) * 100,
    request: { method: "GET", url: "https://api.example.com/v1/items", params: { limit: "100", ...(i > 1 ? { offset: String((i - 1) * 100) } : {}) }, headers },
  }));
  const link = await perPage((i) => {
    const url = `https://api.github.com/repositories/1300192/issues?per_page=100&page=${i}&state=all&sort=updated`;
    return { token: i === 1 ? undefined : url, request: { method: "GET", url, params: { per_page: "100" }, headers } };
  });
  return [
    { name: "progress_guard.offset_token", value: significant(offset / 1000), unit: "us/page" },
    { name: "progress_guard.next_url_token", value: significant(link / 1000), unit: "us/page" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
