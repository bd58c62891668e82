import { nextLink } from "./evidence/link-header.js";
import { type JsonObject, isJsonObject } from "../../pure/json-object.js";
import { type ProbeResponse } from "./probe-response.js";

/** The page-size parameter of a request: its name, where it goes, the size asked for, and where it was seen. */
export interface PageSizeGuess {
  parameter: string;
  injectInto: "request_parameter" | "body_json";
  size: number;
  /** True when the request already sends it (the probe URL or body has it): it stays there, no `page_size_option` is added. */
  inRequest: boolean;
  evidence: string;
}

/** Names APIs give the page size (GitHub's per_page, Stripe's limit, Graph's $top, Airtable's pageSize, Notion's page_size). */
const SIZE_PARAMETERS = /^(\$?top|limit|per_?page|perPage|page_?size|pageSize|maxResults|max_results|count|size|page\[size\])$/i;

/**
 * Finds the page-size parameter: one named like a page size in the request's query or JSON body
 * (the author put it in the probe URL), else in the next page's URL (a Link header, a next URL in the
 * body). Undefined when neither names one: the API's default page size is read.
 *
 * @example
 * findPageSize({ request: { url: "https://api.stripe.com/v1/customers?limit=10", ... }, ... })
 * // { parameter: "limit", injectInto: "request_parameter", size: 10, evidence: "limit=10 in the request's query" }
 */
export function findPageSize(response: ProbeResponse): PageSizeGuess | undefined {
  const fromQuery = inQuery(response.request.url);
  if (fromQuery) return { ...fromQuery, injectInto: "request_parameter", inRequest: true, evidence: `${fromQuery.parameter}=${fromQuery.size} in the request's query (kept there)` };
  const body = response.request.body;
  if (isJsonObject(body)) {
    const key = Object.keys(body).find((k) => SIZE_PARAMETERS.test(k) && Number.isInteger(body[k]));
    if (key) return { parameter: key, injectInto: "body_json", size: body[key] as number, inRequest: true, evidence: `${key}: ${String(body[key])} in the request's body (kept there)` };
  }
  for (const url of nextUrls(response)) {
    const found = inQuery(url);
    if (found) return { ...found, injectInto: "request_parameter", inRequest: false, evidence: `${found.parameter}=${found.size} in the next page's URL` };
  }
  return undefined;
}

/**
 * The paginator with the page size asked for on every request (`page_size` and `page_size_option`),
 * for a strategy that has none of its own (a cursor; an offset or a page number set theirs from the
 * body's numbers). An option for a parameter the request already sends is left out: the requester
 * keeps sending it, and setting it twice would be a collision.
 */
export function withPageSize(paginator: JsonObject, pageSize: PageSizeGuess | undefined, response: ProbeResponse): JsonObject {
  const option = paginator.page_size_option as JsonObject | undefined;
  if (option && sentByRequest(String(option.field_name), response)) {
    const { page_size_option: _sent, ...rest } = paginator;
    return rest;
  }
  const strategy = paginator.pagination_strategy as JsonObject | undefined;
  if (!pageSize || pageSize.inRequest || !strategy || strategy.type !== "CursorPagination" || option) return paginator;
  return {
    ...paginator,
    pagination_strategy: { ...strategy, page_size: pageSize.size },
    page_size_option: { type: "RequestOption", inject_into: pageSize.injectInto, field_name: pageSize.parameter },
  };
}

function sentByRequest(parameter: string, response: ProbeResponse): boolean {
  const body = response.request.body;
  return new URL(response.request.url, "http://relative.invalid").searchParams.has(parameter) || (isJsonObject(body) && parameter in body);
}

function inQuery(url: string): { parameter: string; size: number } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://relative.invalid");
  } catch {
    return undefined;
  }
  for (const [parameter, value] of parsed.searchParams) if (SIZE_PARAMETERS.test(parameter) && /^\d+$/.test(value)) return { parameter, size: Number(value) };
  return undefined;
}

function nextUrls(response: ProbeResponse): string[] {
  const urls: string[] = [];
  const link = nextLink(response.headers.link ?? "");
  if (link) urls.push(link);
  if (isJsonObject(response.body)) for (const [key, value] of Object.entries(response.body)) if (/next/i.test(key) && typeof value === "string") urls.push(value);
  return urls;
}
