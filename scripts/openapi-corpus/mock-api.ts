import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mergeAllOf } from "../../core/init/openapi/openapi-schema.js";
import type { Json, OpenApiDocument, OpenApiOperation } from "../../core/init/openapi/read-openapi.js";
import { tokenPaths, unauthorized } from "./mock-auth.js";
import { mockPaging, type MockPaging } from "./mock-paging.js";
import { sampleValue } from "./sample-value.js";

/** Records in a list with no path parameter; a list under a parent (`/projects/{id}/tasks`) holds fewer. */
export const TOP_LEVEL_RECORDS = 230;
export const NESTED_RECORDS = 7;
/** The page size when the document gives none and the API pages. */
const DEFAULT_PAGE_SIZE = 20;

/** One list endpoint the mock serves. */
export interface MockList {
  operation: OpenApiOperation;
  paging: MockPaging;
  pattern: RegExp;
  total: number;
}

/** A running mock of a document's API: its URL, its lists, and the list each path was served from. */
export interface MockApi {
  url: string;
  lists: MockList[];
  /** The list a request path belongs to (`/v1/projects/p-3/tasks` -> the tasks list). */
  listOf(path: string): MockList | undefined;
  /** Requests refused, with why (a missing credential, an unknown path). */
  refusals: string[];
  close(): Promise<void>;
}

/**
 * An HTTP server on loopback that answers a document's list endpoints as the document describes them:
 * records made from the response schema, paged the way its parameters and fields say ({@link mockPaging}),
 * behind the credentials its security asks for, and an OAuth token endpoint where a scheme names one.
 * Requests keep the path the document gives under its server URL (a host's transport sends every origin
 * here).
 *
 * @example
 * const mock = await startMockApi(doc);
 * await fetch(`${mock.url}/v1/users?limit=20`, { headers: { "X-API-Key": "k" } });
 */
export async function startMockApi(doc: OpenApiDocument): Promise<MockApi> {
  const basePath = doc.baseUrl ? new URL(doc.baseUrl).pathname.replace(/\/+$/, "") : "";
  const lists: MockList[] = [];
  for (const operation of doc.operations.filter((o) => o.method === "get")) {
    const paging = mockPaging(operation);
    if (!paging) continue;
    const nested = operation.parameters.some((p) => p.in === "path");
    const all = nested ? NESTED_RECORDS : TOP_LEVEL_RECORDS;
    // An API that cannot page answers at most its largest page: that is every record a client can read.
    const reachable = paging.kind === "none" && paging.sizeParam?.maximum ? Math.min(all, paging.sizeParam.maximum) : all;
    lists.push({ operation, paging, pattern: pathPattern(basePath + operation.path), total: reachable });
  }
  // A fixed path wins over a templated one (`/users/me` before `/users/{id}`).
  lists.sort((a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0));
  const tokens = tokenPaths(doc);
  const refusals: string[] = [];
  const listOf = (path: string) => lists.find((list) => list.pattern.test(path));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mock.invalid");
    if (request.method === "POST" && tokens.has(url.pathname)) return json(response, 200, { access_token: "mock-access-token", token_type: "bearer", expires_in: 3600 });
    const list = request.method === "GET" ? listOf(url.pathname) : undefined;
    if (!list) {
      refusals.push(`${request.method} ${url.pathname}: no list endpoint of the document`);
      return json(response, 404, { error: "not found" });
    }
    const denied = unauthorized(doc, list.operation, request, url);
    if (denied) {
      refusals.push(`GET ${url.pathname}: missing ${denied}`);
      return json(response, 401, { error: `missing ${denied}` });
    }
    answerPage(list, url, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, lists, listOf, refusals, close: () => closeServer(server) };
}

/** A path template as a pattern: `{name}` is one segment; a trailing slash and an AWS-style `#Action=...` fragment are optional. */
function pathPattern(path: string): RegExp {
  const template = path.split("#")[0]!.replace(/\/+$/, "");
  const escaped = template.split(/(\{[^}]+\})/).map((part) => (part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${escaped}/?$`);
}

/** One page of a list: the records its paging parameters ask for, and the way to the next page. */
function answerPage(list: MockList, url: URL, request: IncomingMessage, response: ServerResponse): void {
  const { paging, total } = list;
  const asked = paging.sizeParam ? Number(url.searchParams.get(paging.sizeParam.name)) : NaN;
  const pages = paging.kind !== "none";
  const requested = asked > 0 ? asked : (paging.sizeParam?.fallback ?? (pages ? DEFAULT_PAGE_SIZE : total));
  const size = Math.min(requested, paging.sizeParam?.maximum ?? Infinity);
  const token = paging.tokenParam ? url.searchParams.get(paging.tokenParam) : null;
  const schema = mergeAllOf(list.operation.responseSchema!);
  const itemSchema = (paging.recordsPath.length ? (schema.properties?.[paging.recordsPath[0]!] as Json | undefined)?.items : schema.items) as Json | undefined;
  const record = (n: number) => sampleValue(itemSchema, n, "record");
  const from = startOf(paging, token, size, record);
  if (from === undefined) return json(response, 400, { error: `unknown ${paging.tokenParam} ${token}` });
  const to = Math.min(from + size, total);
  const records = Array.from({ length: Math.max(0, to - from) }, (_, i) => record(from + i));
  const more = to < total;
  const next = more ? nextToken(paging, to, size, records.at(-1)) : undefined;
  const nextUrl = next === undefined ? undefined : withParam(url, request, paging.tokenParam!, next);
  const body: Json = paging.recordsPath.length ? (sampleValue(schema, 0, "response", 0) as Json) : [];
  if (!paging.recordsPath.length) return json(response, 200, records, nextUrl && paging.kind === "link" ? { link: `<${nextUrl}>; rel="next"` } : {});
  for (const [key, value] of Object.entries(body)) if (Array.isArray(value)) body[key] = [];
  body[paging.recordsPath[0]!] = records;
  if (paging.nextUrlPath) place(body, paging.nextUrlPath, nextUrl ?? null);
  if (paging.nextTokenPath) place(body, paging.nextTokenPath, paging.kind === "cursor" ? (next ?? null) : null);
  if (paging.hasMorePath) place(body, paging.hasMorePath, more);
  if (paging.totalPath) place(body, paging.totalPath, total);
  json(response, 200, body, nextUrl && paging.kind === "link" ? { link: `<${nextUrl}>; rel="next"` } : {});
}

/** The first record of the page a continuation token asks for; undefined for a token the mock never gave. */
function startOf(paging: MockPaging, token: string | null, size: number, record: (n: number) => unknown): number | undefined {
  if (token === null || token === "") return 0;
  if (paging.kind === "offset") return Number.isInteger(Number(token)) ? Number(token) : undefined;
  if (paging.kind === "page") return Number.isInteger(Number(token)) ? (Number(token) - paging.firstPage) * size : undefined;
  if (paging.lastIdCursor) {
    for (let n = 0; n < TOP_LEVEL_RECORDS; n++) if (Object.values(record(n) as Json).some((v) => String(v) === token)) return n + 1;
    return undefined;
  }
  const at = /^c(\d+)$/.exec(token);
  return at ? Number(at[1]) : undefined;
}

function nextToken(paging: MockPaging, to: number, size: number, last: unknown): string {
  if (paging.kind === "offset") return String(to);
  if (paging.kind === "page") return String(paging.firstPage + to / size);
  if (paging.lastIdCursor) return String((last as Json).id ?? Object.values(last as Json)[0]);
  return `c${to}`;
}

function withParam(url: URL, request: IncomingMessage, name: string, value: string): string {
  const origin = String(request.headers["x-mock-origin"] ?? `http://${request.headers.host}`);
  const next = new URL(url.pathname + url.search, origin);
  next.searchParams.set(name, value);
  return next.toString();
}

function place(body: Json, path: readonly string[], value: unknown): void {
  let node = body;
  for (const key of path.slice(0, -1)) node = (node[key] && typeof node[key] === "object" ? node[key] : (node[key] = {})) as Json;
  node[path.at(-1)!] = value;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
