/**
 * An in-memory `Fetch` serving the page server's pages (same bodies, same Link header) without a
 * socket, so that a read's CPU time is the engine's own work plus `JSON.parse`. Page bodies are built
 * once and kept, as the page server keeps them.
 *
 * @example
 * const sluice = createSluice().register(Fetch, memoryFetch("offset", 300_000));
 */
import type { Fetch } from "../../../core/index.js";
import { BENCH_TOKEN, benchRecord, type PageStyle } from "./page-server.js";
import { PAGE_SIZE } from "./readers.js";

/** The base URL the in-memory pages claim to come from. */
export const MEMORY_URL = "http://127.0.0.1:9";

const FIRST_INDEX: Record<PageStyle, RegExp> = { offset: /[?&]offset=(\d+)/, page: /[?&]page=(\d+)/, cursor: /[?&]after=(\d+)/, link: /[?&]after=(\d+)/ };

/** A `Fetch` answering the page server's `/<style>` pages of `total` records from memory. */
export function memoryFetch(style: PageStyle, total: number): Fetch {
  const pages = new Map<number, { text: string; link?: string }>();
  const page = (from: number) => {
    let found = pages.get(from);
    if (!found) {
      const end = Math.min(total, from + PAGE_SIZE);
      const data = JSON.stringify(Array.from({ length: end - from }, (_, i) => benchRecord(from + i + 1)));
      const more = end < total;
      const text = style === "cursor" ? `{"data":${data},"next_cursor":${more ? `"${end}"` : "null"}}` : style === "link" ? data : `{"data":${data}}`;
      found = { text, link: style === "link" && more ? `<${MEMORY_URL}/link?limit=${PAGE_SIZE}&after=${end}>; rel="next"` : undefined };
      pages.set(from, found);
    }
    return found;
  };
  return async (url, init) => {
    if (init.headers.Authorization !== `Bearer ${BENCH_TOKEN}`) throw new Error(`in-memory fetch: no Bearer token on ${url}`);
    const match = FIRST_INDEX[style].exec(url);
    const value = match ? Number(match[1]) : undefined;
    const from = style === "page" ? ((value ?? 1) - 1) * PAGE_SIZE : (value ?? 0);
    const { text, link } = page(from);
    return {
      status: 200,
      url,
      headers: {
        forEach(callback: (value: string, name: string) => void) {
          callback("application/json", "content-type");
          if (link) callback(link, "link");
        },
      },
      text: async () => text,
    };
  };
}
