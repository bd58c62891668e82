/**
 * The two readers a throughput benchmark compares: Sluice reading a one-stream manifest, and the loop a
 * developer would write by hand for the same API on a given transport. Both read the same pages of
 * the loopback page server (./page-server.ts) with the same Bearer token.
 *
 * @example
 * const fetch = createNodeFetchTransport({ maxSockets: 8 });
 * const n = await readWithSluice({ url, style: "offset", fetch });        // 100000
 * const m = await readByHand(nodeFetchTransport(), url, "offset");       // 100000
 */
import { Agent as HttpAgent } from "node:http";
import nodeFetch from "node-fetch";
import { request, type Dispatcher } from "undici";
import * as sourceLibrary from "../../../core/index.js";
import type { Connector } from "../../../core/index.js";
import { BENCH_TOKEN, type PageStyle } from "./page-server.js";

/** Records per page in every benchmark. */
export const PAGE_SIZE = 100;

/** The paging styles and the Sluice pagination each one uses (the benchmark's row labels). */
export const STRATEGIES: ReadonlyArray<{ style: PageStyle; label: string }> = [
  { style: "offset", label: "OffsetIncrement" },
  { style: "page", label: "PageIncrement" },
  { style: "cursor", label: "CursorPagination (body)" },
  { style: "link", label: "CursorPagination (Link header)" },
];

const SIZE_OPTION = { type: "RequestOption", inject_into: "request_parameter", field_name: "limit" };

function paginator(style: PageStyle): Record<string, unknown> {
  const option = (field_name: string) => ({ type: "RequestOption", inject_into: "request_parameter", field_name });
  switch (style) {
    case "offset":
      return { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: PAGE_SIZE }, page_size_option: SIZE_OPTION, page_token_option: option("offset") };
    case "page":
      return {
        type: "DefaultPaginator",
        pagination_strategy: { type: "PageIncrement", page_size: PAGE_SIZE, start_from_page: 1 },
        page_size_option: { ...SIZE_OPTION, field_name: "page_size" },
        page_token_option: option("page"),
      };
    case "cursor":
      return {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}", stop_condition: "{{ not response.next_cursor }}", page_size: PAGE_SIZE },
        page_size_option: SIZE_OPTION,
        page_token_option: option("after"),
      };
    case "link":
      return {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}", page_size: PAGE_SIZE },
        page_size_option: SIZE_OPTION,
        page_token_option: { type: "RequestPath" },
      };
  }
}

/** The benchmark connector: one stream `items` at `/<style>` with Bearer auth from `config.api_key`. */
export function benchManifest(url: string, style: PageStyle): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "items",
        primary_key: ["id"],
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "SimpleRetriever",
          requester: {
            type: "HttpRequester",
            url_base: url,
            path: `/${style}`,
            http_method: "GET",
            authenticator: { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" },
          },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: style === "link" ? [] : ["data"] } },
          paginator: paginator(style),
        },
      },
    ],
  };
}

/**
 * Builds the benchmark connector on a given transport (building is not part of a timed read), with the
 * TypeScript sources or another copy of the library (the built one, ./built-library.ts), whose transport
 * `fetch` must then be.
 */
export async function benchConnector(url: string, style: PageStyle, fetch: sourceLibrary.Fetch, library: Pick<typeof sourceLibrary, "createSluice" | "Fetch"> = sourceLibrary): Promise<Connector> {
  const sluice = library.createSluice({ logLevel: "error", readLimits: { maxPages: 1_000_000 } }).register(library.Fetch, fetch);
  return sluice.connect({ manifest: benchManifest(url, style), config: { api_key: BENCH_TOKEN } });
}

/**
 * How a host takes the records: `pages`, a page at a time (`connector.read(name).pages()`, what the CLI
 * does), or `records`, one `for await` step per record.
 */
export type ReadMode = "pages" | "records";

/** Reads every record of the benchmark stream; returns how many. */
export async function readWithSluice(connector: Connector, mode: ReadMode = "pages"): Promise<number> {
  let n = 0;
  if (mode === "pages") {
    for await (const page of connector.read("items").pages()) for (const _record of page) n++;
  } else {
    for await (const _record of connector.read("items")) n++;
  }
  return n;
}

/** One GET as the hand-written loop sees it. */
export type HandTransport = (url: string, headers: Record<string, string>) => Promise<{ status: number; link: string | null; text: string }>;

/**
 * The hand-written loop on node-fetch, as a developer writes it: `fetch(url, { headers, agent })` with a
 * keep-alive agent of 8 sockets (Sluice's default transport uses the same library and the same kind of agent).
 */
export function nodeFetchTransport(): HandTransport {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  return async (url, headers) => {
    const response = await nodeFetch(url, { headers, agent, compress: true });
    return { status: response.status, link: response.headers.get("link"), text: await response.text() };
  };
}

/**
 * The hand-written loop on a Sluice transport (`Fetch`): with the library's own, the loop pays what the
 * library's page path pays for HTTP, and the difference is the engine's work alone.
 */
export function sluiceTransport(fetch: sourceLibrary.Fetch): HandTransport {
  return async (url, headers) => {
    const response = await fetch(url, { method: "GET", headers });
    return { status: response.status, link: response.headers.get?.("link") ?? null, text: await response.text() };
  };
}

/** The hand-written loop on Node's built-in fetch (undici inside Node, its global keep-alive pool). */
export function builtinFetchTransport(): HandTransport {
  return async (url, headers) => {
    const response = await globalThis.fetch(url, { headers });
    return { status: response.status, link: response.headers.get("link"), text: await response.text() };
  };
}

/** The hand-written loop on undici's `request` (the npm package) with a keep-alive dispatcher. */
export function undiciTransport(dispatcher: Dispatcher): HandTransport {
  return async (url, headers) => {
    const response = await request(url, { method: "GET", headers, dispatcher });
    const link = response.headers.link;
    return { status: response.statusCode, link: Array.isArray(link) ? link.join(", ") : (link ?? null), text: await response.body.text() };
  };
}

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="?next"?/;

/** The loop a developer writes by hand for one paging style: GET, check, parse, count, next. */
export async function readByHand(transport: HandTransport, url: string, style: PageStyle): Promise<number> {
  const headers = { Authorization: `Bearer ${BENCH_TOKEN}` };
  let n = 0;
  let next: string | undefined = style === "page" ? `${url}/page?page_size=${PAGE_SIZE}` : `${url}/${style}?limit=${PAGE_SIZE}`;
  for (let page = 1; next; page++) {
    const response = await transport(next, headers);
    if (response.status !== 200) throw new Error(`GET ${next} answered ${response.status}`);
    const body = JSON.parse(response.text) as { data: unknown[]; next_cursor?: string | null } | unknown[];
    const records = Array.isArray(body) ? body : body.data;
    for (const _record of records) n++;
    if (style === "offset") next = records.length < PAGE_SIZE ? undefined : `${url}/offset?limit=${PAGE_SIZE}&offset=${n}`;
    else if (style === "page") next = records.length < PAGE_SIZE ? undefined : `${url}/page?page_size=${PAGE_SIZE}&page=${page + 1}`;
    else if (style === "cursor") next = !Array.isArray(body) && body.next_cursor ? `${url}/cursor?limit=${PAGE_SIZE}&after=${body.next_cursor}` : undefined;
    else next = response.link ? NEXT_LINK.exec(response.link)?.[1] : undefined;
  }
  return n;
}
