import { HttpRequestError, type ErrorLocation, type Secrets } from "../../sdk/index.js";
import type { EncodedRequest } from "./encode-request.js";

/** A header name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Characters a header value may not hold: CR, LF, NUL (header injection, or a transport's TypeError). */
const FORBIDDEN_IN_VALUE = /[\r\n\0]/;
/** The most header values a {@link CheckedHeaders} remembers before it starts over. */
const MAX_CHECKED_HEADERS = 256;

/**
 * The last valid value of each header name a client has checked: every page of a read sends the same
 * headers, so a header is tested once, not per request. One per HTTP client (it holds credential
 * values, and goes away with its connector), bounded: cleared when it grows past the limit.
 */
export type CheckedHeaders = Map<string, string>;

/**
 * Refuses a request that can never succeed, before it is sent and without retries: a URL that does not
 * parse or is not http(s) (`file:`, `ftp:`), a header name that is not a token, a header value with a
 * line break. The error is a `config_error` that names the header or the URL's scheme, never a value
 * (values are redacted): `REQUEST_URL_INVALID` for the URL (the code the requester raises for a
 * `url_base` that renders to no URL), `HTTP_REQUEST_INVALID` for a header.
 *
 * User-info credentials in the URL (`https://user:pass@host/`) are registered as secrets, so no message
 * prints them, and are sent as Python's requests sends them: as a Basic `Authorization` header (unless
 * the request already has one), the URL itself without them (fetch refuses a URL with credentials).
 *
 * @example
 * checkRequest({ method: "GET", url: "file:///etc/passwd", headers: {} }, secrets, { stream: "users" }); // throws REQUEST_URL_INVALID
 * checkRequest({ method: "GET", url: "https://u:p@api.example.com/x", headers: {} }, secrets, {});
 * // { url: "https://api.example.com/x", headers: { Authorization: "Basic dTpw" } }
 */
export function checkRequest(request: EncodedRequest, secrets: Secrets, where: ErrorLocation, checkedHeaders: CheckedHeaders = new Map()): EncodedRequest {
  const href = request.url;
  // The encoded URL is already normalised (lower-case scheme); a URL is parsed here only when it needs to be.
  const web = href.startsWith("https://") || href.startsWith("http://");
  if (!web || href.includes("@")) {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw invalidUrl(href, secrets, where);
    }
    if (!web) throw invalid(where, `the request URL uses the ${url.protocol} scheme, which Sluice never fetches`, "an absolute http(s) URL", `a ${url.protocol} URL`, "REQUEST_URL_INVALID");
    if (url.username || url.password) request = withUserInfoAsHeader(request, url, secrets);
  }
  for (const name in request.headers) {
    const value = request.headers[name]!;
    if (checkedHeaders.get(name) === value) continue;
    if (!TOKEN.test(name)) throw invalid(where, `the header name ${JSON.stringify(secrets.redact(name))} is not valid`, "a header name made of letters, digits and !#$%&'*+-.^_`|~", "spaces, colons or control characters");
    if (FORBIDDEN_IN_VALUE.test(value)) throw invalid(where, `the value of header ${name} contains a line break or NUL`, "a header value on one line", "CR, LF or NUL in the value (not shown: it may be a credential)");
    if (checkedHeaders.size >= MAX_CHECKED_HEADERS) checkedHeaders.clear();
    checkedHeaders.set(name, value);
  }
  return request;
}

function withUserInfoAsHeader(request: EncodedRequest, url: URL, secrets: Secrets): EncodedRequest {
  const user = decoded(url.username);
  const password = decoded(url.password);
  for (const part of [url.username, url.password, user, password]) secrets.add(part);
  const basic = `Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`;
  secrets.add(basic.slice(6));
  const headers = { ...request.headers };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) headers.Authorization = basic;
  url.username = "";
  url.password = "";
  return { ...request, url: url.href, headers };
}

/**
 * The error for a URL that does not parse (the value is shown redacted; user-info is masked even
 * when the URL is too broken to find it).
 *
 * @example
 * throw invalidUrl("https://exa mple.com", secrets, { stream: "users" });
 */
export function invalidUrl(url: string, secrets: Secrets, where: ErrorLocation): HttpRequestError {
  const shown = secrets.redact(url).replace(/\/\/[^/@]*@/, "//****@");
  return invalid(where, "the request URL is not a valid absolute URL", "an absolute http(s) URL (check url_base, path and the next-page URL)", `'${shown}'`, "REQUEST_URL_INVALID");
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** `REQUEST_URL_INVALID` for a URL that is not absolute http(s) (the code the requester raises too); `HTTP_REQUEST_INVALID` for the rest. */
function invalid(where: ErrorLocation, problem: string, expected: string, found: string, code: "REQUEST_URL_INVALID" | "HTTP_REQUEST_INVALID" = "HTTP_REQUEST_INVALID"): HttpRequestError {
  const place = where.manifestPath ? ` (at ${where.manifestPath})` : "";
  return new HttpRequestError(code, `The request cannot be sent: ${problem}${place}`, { failureType: "config_error", where, expected, found });
}
