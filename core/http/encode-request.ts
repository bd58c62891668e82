import { stringifyJson } from "../../python/exact-json.js";
import { SluiceError, type EncodedRequest, type OutgoingRequest, type QueryValue } from "../../sdk/index.js";

export type { EncodedRequest };

/**
 * Turns an assembled request into URL, headers and body. Query parameters are appended to the URL,
 * except a key the URL already carries: a next-page URL keeps its own value, and no parameter is sent
 * twice (the Python kit sends both when the values differ; see docs/compatibility.md);
 * a list becomes repeated keys. A JSON body is sent as `application/json`, a form body as
 * `application/x-www-form-urlencoded` (null values dropped); both at once is an error.
 *
 * @example
 * encodeRequest({ method: "GET", url: "https://api/x?limit=10", params: { limit: "10", page: 2 }, headers: {} }).url
 * // "https://api/x?limit=10&page=2"
 */
export function encodeRequest(request: OutgoingRequest): EncodedRequest {
  const url = withQuery(request.url, request.params);
  const headers = { ...request.headers };
  const hasJson = request.bodyJson !== undefined && Object.keys(request.bodyJson).length > 0;
  const hasData = request.bodyData !== undefined && (typeof request.bodyData === "string" ? request.bodyData !== "" : Object.keys(request.bodyData).length > 0);
  if (hasJson && hasData) {
    throw new SluiceError("REQUEST_BODY_CONFLICT", "A request cannot have both a JSON body and a form body", {
      failureType: "config_error",
      expected: "request_body_json or request_body_data (and body injections of one kind)",
      found: "both",
    });
  }
  let body: string | undefined;
  if (hasJson) {
    body = stringifyJson(request.bodyJson);
    setDefaultHeader(headers, "Content-Type", "application/json");
  } else if (hasData) {
    if (typeof request.bodyData === "string") body = request.bodyData;
    else {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(request.bodyData!)) {
        for (const item of asList(value as QueryValue)) if (item !== null && item !== undefined) form.append(key, stringify(item));
      }
      body = form.toString();
      setDefaultHeader(headers, "Content-Type", "application/x-www-form-urlencoded");
    }
  }
  return { method: request.method, url, headers, body };
}

/** The URL with the query parameters the URL does not already carry appended (see {@link encodeRequest}). */
function withQuery(raw: string, params: OutgoingRequest["params"]): string {
  // Without a query or fragment in the URL, no key is present: the parameters are serialised on their own
  // and appended to the normalised URL (remembered for the last URL), as URL.searchParams would.
  if (!raw.includes("?") && !raw.includes("#")) {
    const href = normalised(raw);
    const text = queryString(params);
    return text ? `${href}?${text}` : href;
  }
  const url = new URL(raw);
  const present = new Set<string>();
  url.searchParams.forEach((_value, key) => present.add(key));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (present.has(key)) continue;
    for (const item of asList(value)) if (item !== null && item !== undefined) query.append(key, stringify(item));
  }
  const text = query.toString();
  if (!text) return url.href;
  // The URL's own query is kept as written, ours appended after it, as the kit's HTTP library does: a query
  // that is a route (`index.php?/api/v2/get_plans/1`) must not be re-encoded into a key (`%2Fapi%2Fv2...=`).
  const hashAt = url.href.indexOf("#");
  const [base, hash] = hashAt >= 0 ? [url.href.slice(0, hashAt), url.href.slice(hashAt)] : [url.href, ""];
  const separator = url.search ? "&" : base.endsWith("?") ? "" : "?";
  return `${base}${separator}${text}${hash}`;
}

/** What `application/x-www-form-urlencoded` (URLSearchParams) leaves as it is. */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/**
 * The parameters as URLSearchParams would serialise them. A key and value made only of characters the
 * form encoding leaves alone (a number, a plain token) are written as they are, without building a
 * URLSearchParams: this runs for every page's request.
 */
function queryString(params: OutgoingRequest["params"]): string {
  let text = "";
  let slow: URLSearchParams | undefined;
  for (const key in params) {
    const value = params[key];
    for (const item of asList(value)) {
      if (item === null || item === undefined) continue;
      const itemText = stringify(item);
      if (!slow && FORM_SAFE.test(key) && FORM_SAFE.test(itemText)) {
        text += text ? `&${key}=${itemText}` : `${key}=${itemText}`;
        continue;
      }
      slow ??= new URLSearchParams(text);
      slow.append(key, itemText);
    }
  }
  return slow ? slow.toString() : text;
}

let lastUrl: { raw: string; href: string } | undefined;

/** `new URL(raw).href`, remembered for the last URL: most pages of a read share it. */
function normalised(raw: string): string {
  if (lastUrl?.raw !== raw) lastUrl = { raw, href: new URL(raw).href };
  return lastUrl.href;
}

function asList(value: QueryValue | null | undefined): ReadonlyArray<unknown> {
  return Array.isArray(value) ? value : [value];
}

function stringify(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  return typeof value === "object" ? stringifyJson(value) : String(value);
}

function setDefaultHeader(headers: Record<string, string>, name: string, value: string): void {
  if (!Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase())) headers[name] = value;
}
