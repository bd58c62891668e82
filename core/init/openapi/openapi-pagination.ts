import type { ListEndpoint } from "./list-endpoints.js";
import type { Json, OpenApiParameter } from "./read-openapi.js";

/** The paginator guessed for a list endpoint, and the document's names it relied on. */
export interface PaginationFromDocument {
  paginator: Json;
  /** Query parameters every request sends: the largest page an endpoint that cannot page allows (`{ limit: "100" }`). */
  requestParameters?: Record<string, string>;
  /** One line: the kind and its evidence, or why none was guessed. */
  evidence: string;
}

const NEXT_URL_FIELDS = ["next", "next_url", "nexturl", "next_page_url", "nextpageurl", "next_link", "nextlink", "@odata.nextlink"];
const CURSOR_PARAMS = ["cursor", "after", "page_token", "pagetoken", "next_token", "nexttoken", "continuation", "continuation_token", "continuationtoken", "marker", "next_cursor", "start_cursor", "page_after"];
const CURSOR_FIELDS = ["next_cursor", "nextcursor", "cursor", "next_page_token", "nextpagetoken", "next_token", "nexttoken", "continuation_token", "continuationtoken", "end_cursor", "endcursor", "next_marker", "nextmarker", "marker", "after"];
const WRAPPERS = ["meta", "metadata", "pagination", "paging", "page_info", "pageinfo", "response_metadata", "links", "_links"];
const OFFSET_PARAMS = ["offset", "skip", "start"];
const PAGE_PARAMS = ["page", "page_number", "pagenumber", "pageno", "p"];
const SIZE_PARAMS = ["limit", "per_page", "perpage", "page_size", "pagesize", "size", "count", "max_results", "maxresults", "top", "pagelimit", "take", "max_items", "maxitems", "rows"];

/**
 * A parameter's name as the lists above spell it: lower case, and the part in brackets for JSON:API's
 * `page[limit]`, `page[offset]`, `page[size]` and `page[number]` (a page number).
 */
function knownName(name: string): string {
  const inner = /^page\[(\w+)\]$/i.exec(name)?.[1]?.toLowerCase();
  return inner === undefined ? name.toLowerCase().replace(/^\$/, "") : inner === "number" ? "page" : inner;
}

/**
 * Pagination from the document alone, in the order real APIs are most often read right: a `Link`
 * response header; a next-page URL in the body; a cursor parameter with the field that returns the
 * next cursor (or `has_more` with `starting_after`, Stripe's form); `offset` with a limit; `page` with
 * a page size; `page` or `offset` alone (read until an empty page). What fits none is left
 * unpaginated and said (`init --probe` can confirm by reading); where only a page size can be set,
 * each read asks for its maximum.
 *
 * @example
 * paginationFromDocument(endpoint).evidence
 * // "offset: query parameters 'offset' and 'limit'; page size 100 (limit's default)"
 */
export function paginationFromDocument(endpoint: ListEndpoint): PaginationFromDocument {
  const params = new Map(endpoint.operation.parameters.filter((p) => p.in === "query").map((p) => [knownName(p.name), p]));
  const size = SIZE_PARAMS.map((n) => params.get(n)).find(Boolean);
  const sizeOption = size ? { page_size_option: option(size.name) } : {};
  const body = endpoint.responseProperties;
  if (endpoint.operation.responseHeaders.includes("link")) {
    return { paginator: cursor("headers['link']['next']['url']", "'next' not in headers['link']", { type: "RequestPath" }, sizeOption, size), evidence: `Link header: the response declares a 'Link' header; follow rel="next"${sizeNote(size)}` };
  }
  const nextUrl = findField(body, NEXT_URL_FIELDS, (p) => p.type === "string" || p.type === undefined);
  if (nextUrl) {
    const get = getter(nextUrl);
    return { paginator: cursor(get, `not ${get}`, { type: "RequestPath" }, sizeOption, size), evidence: `next-page URL in the body: the response field '${nextUrl.join(".")}'${sizeNote(size)}` };
  }
  const startingAfter = params.get("starting_after");
  if (startingAfter && body.has_more) {
    return { paginator: cursor("last_record['id']", "not response['has_more']", option(startingAfter.name), sizeOption, size), evidence: `cursor: 'has_more' in the body and the query parameter 'starting_after' (the last record's id)${sizeNote(size)}` };
  }
  const cursorParam = CURSOR_PARAMS.map((n) => params.get(n)).find(Boolean);
  const cursorField = findField(body, CURSOR_FIELDS, (p) => p.type !== "object" && p.type !== "array");
  if (cursorParam && cursorField) {
    const get = getter(cursorField);
    return { paginator: cursor(get, `not ${get}`, option(cursorParam.name), sizeOption, size), evidence: `cursor: the response field '${cursorField.join(".")}' sent back as the query parameter '${cursorParam.name}'${sizeNote(size)}` };
  }
  const offset = OFFSET_PARAMS.map((n) => params.get(n)).find(Boolean);
  if (offset && size) {
    const pageSize = pageSizeOf(size);
    return {
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: pageSize.value }, page_size_option: option(size.name), page_token_option: option(offset.name) },
      evidence: `offset: query parameters '${offset.name}' and '${size.name}'; page size ${pageSize.value} (${pageSize.why})`,
    };
  }
  const page = PAGE_PARAMS.map((n) => params.get(n)).find(Boolean);
  if (page && size) {
    const pageSize = pageSizeOf(size);
    const first = Number(page.schema.minimum ?? page.schema.default ?? 1) === 0 ? 0 : 1;
    return {
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: pageSize.value, start_from_page: first }, page_size_option: option(size.name), page_token_option: option(page.name) },
      evidence: `page number: query parameters '${page.name}' (from ${first}) and '${size.name}'; page size ${pageSize.value} (${pageSize.why})`,
    };
  }
  if (page) {
    const first = Number(page.schema.minimum ?? page.schema.default ?? 1) === 0 ? 0 : 1;
    return {
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", start_from_page: first }, page_token_option: option(page.name) },
      evidence: `page number: query parameter '${page.name}' (from ${first}) and no page size parameter: pages are read until one comes back empty`,
    };
  }
  if (offset) {
    return {
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement" }, page_token_option: option(offset.name) },
      evidence: `offset: query parameter '${offset.name}' and no page size parameter: the offset moves by each page's records until a page comes back empty`,
    };
  }
  const names = [...params.values()].map((p) => `'${p.name}'`).join(", ") || "none";
  const largest = size && typeof size.schema.maximum === "number" && size.schema.maximum > 0 ? size.schema.maximum : undefined;
  if (size && largest) {
    return {
      paginator: { type: "NoPagination" },
      requestParameters: { [size.name]: String(largest) },
      evidence: `none: '${size.name}' sets a page's size but no parameter or field moves to the next page; each read asks for the largest page, ${size.name}=${largest} (its maximum). Check with init --probe`,
    };
  }
  return { paginator: { type: "NoPagination" }, evidence: `none: no pagination parameter or field the generator knows (query parameters: ${names}); one page is read. Check with init --probe` };
}

function option(field: string): Json {
  return { type: "RequestOption", inject_into: "request_parameter", field_name: field };
}

function cursor(value: string, stop: string, tokenOption: Json, sizeOption: Json, size: OpenApiParameter | undefined): Json {
  const strategy: Json = { type: "CursorPagination", cursor_value: `{{ ${value} }}`, stop_condition: `{{ ${stop} }}` };
  if (size) strategy.page_size = pageSizeOf(size).value;
  return { type: "DefaultPaginator", pagination_strategy: strategy, page_token_option: tokenOption, ...sizeOption };
}

function sizeNote(size: OpenApiParameter | undefined): string {
  return size ? `; page size ${pageSizeOf(size).value} in '${size.name}' (${pageSizeOf(size).why})` : "";
}

/** The page size to ask for: the parameter's default, else its maximum up to 100, else 100. */
function pageSizeOf(size: OpenApiParameter): { value: number; why: string } {
  const { default: fallback, maximum } = size.schema;
  if (typeof fallback === "number" && fallback > 0) return { value: fallback, why: `${size.name}'s default` };
  if (typeof maximum === "number" && maximum > 0) return { value: Math.min(maximum, 100), why: maximum <= 100 ? `${size.name}'s maximum` : "100, under its maximum" };
  return { value: 100, why: "no default or maximum given: 100" };
}

/** The path of a response field named one of `names`, at the top level or in one wrapper object (`meta.next_cursor`). */
function findField(properties: Record<string, Json>, names: readonly string[], fits: (p: Json) => boolean): string[] | undefined {
  const direct = Object.keys(properties).find((k) => names.includes(k.toLowerCase()) && fits(properties[k]!));
  if (direct) return [direct];
  for (const [wrapper, value] of Object.entries(properties)) {
    if (!WRAPPERS.includes(wrapper.toLowerCase()) || !value?.properties) continue;
    const inner = Object.keys(value.properties as object).find((k) => names.includes(k.toLowerCase()) && fits((value.properties as Record<string, Json>)[k]!));
    if (inner) return [wrapper, inner];
    const href = (value.properties as Record<string, Json>).next?.properties?.href;
    if (href && names === NEXT_URL_FIELDS) return [wrapper, "next", "href"];
  }
  return undefined;
}

/** A template reading a response field safely (`response.get('meta', {}).get('next_cursor')`). */
function getter(path: readonly string[]): string {
  return path.reduce((text, key, i) => `${text}.get('${key}'${i < path.length - 1 ? ", {}" : ""})`, "response");
}
