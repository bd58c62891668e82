import { SluiceError } from "../errors/sluice-error.js";
import type { WireInjectionTarget } from "./injection-targets.js";

/**
 * A request as it goes on the wire: the method, the final URL (query string included, encoded), the
 * headers and the body exactly as they will be sent. Sluice's HTTP client makes it from an
 * {@link OutgoingRequest} (the query and body encoding rules live there, once); an authenticator's
 * `beforeSend` step sees it, and may add headers or query parameters, just before it is sent.
 *
 * @example
 * { method: "POST", url: "https://api.exchange.coinbase.com/orders?limit=10",
 *   headers: { "Content-Type": "application/json" }, body: "{\"size\":\"1.0\"}" }
 */
export interface EncodedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent (UTF-8 text), absent when there is none. */
  body?: string;
}

/**
 * Where a `beforeSend` step runs: which attempt of the request (1 for the first, more after a retry or a
 * credential refresh) and which hop of a redirect chain (0 for the request itself).
 *
 * @example
 * { attempt: 2, hop: 0 } // the first retry
 */
export interface BeforeSendContext {
  attempt: number;
  hop: number;
}

/**
 * The parts of a wire request a signature is usually made of, read from the wire form (nothing is
 * re-encoded): `path` without the query, `query` as sent (without `?`), `sortedQuery` its
 * `name=value` pairs sorted by name (pairs of one name keep their order), `body` as sent or "".
 *
 * @example
 * wireParts({ method: "GET", url: "https://api.binance.com/api/v3/order?symbol=LTCBTC&side=BUY", headers: {} })
 * // { method: "GET", host: "api.binance.com", path: "/api/v3/order", query: "symbol=LTCBTC&side=BUY",
 * //   sortedQuery: "side=BUY&symbol=LTCBTC", pathAndQuery: "/api/v3/order?symbol=LTCBTC&side=BUY", body: "" }
 */
export function wireParts(request: EncodedRequest): WireParts {
  const url = new URL(request.url);
  const query = url.search.startsWith("?") ? url.search.slice(1) : url.search;
  const pairs = query === "" ? [] : query.split("&");
  const name = (pair: string) => pair.split("=", 1)[0]!;
  const sortedQuery = pairs
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => (name(a.pair) < name(b.pair) ? -1 : name(a.pair) > name(b.pair) ? 1 : a.index - b.index))
    .map((entry) => entry.pair)
    .join("&");
  return {
    method: request.method.toUpperCase(),
    host: url.host,
    path: url.pathname,
    query,
    sortedQuery,
    pathAndQuery: url.pathname + url.search,
    body: request.body ?? "",
  };
}

/**
 * What {@link wireParts} reads from a wire request.
 *
 * @example
 * const { method, path, sortedQuery, body } = wireParts(request);
 */
export interface WireParts {
  method: string;
  host: string;
  path: string;
  query: string;
  sortedQuery: string;
  pathAndQuery: string;
  body: string;
}

/**
 * Adds a header or a query parameter to a wire request, encoding a query parameter as the rest of the
 * query is encoded (`application/x-www-form-urlencoded`, as URLSearchParams writes it) and appending it
 * after the parameters already there. A header or parameter already present with another value is an
 * error naming `source`, as {@link injectRequestValue} does before encoding.
 *
 * @example
 * setWireValue(wire, "request_parameter", "signature", "c8db5682...", "HmacAuthenticator");
 * setWireValue(wire, "header", "CB-ACCESS-SIGN", "pYq4...", "HmacAuthenticator");
 */
export function setWireValue(request: EncodedRequest, target: WireInjectionTarget, name: string, value: string, source: string): void {
  if (target === "header") {
    const existing = Object.keys(request.headers).find((header) => header.toLowerCase() === name.toLowerCase());
    if (existing !== undefined && request.headers[existing] !== value) throw collision(target, name, source);
    request.headers[existing ?? name] = value;
    return;
  }
  const hashAt = request.url.indexOf("#");
  const [base, hash] = hashAt >= 0 ? [request.url.slice(0, hashAt), request.url.slice(hashAt)] : [request.url, ""];
  const present = new URL(base).searchParams.getAll(name);
  if (present.length > 0) {
    if (present.length === 1 && present[0] === value) return;
    throw collision(target, name, source);
  }
  const pair = new URLSearchParams([[name, value]]).toString();
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  request.url = `${base}${separator}${pair}${hash}`;
}

function collision(target: WireInjectionTarget, name: string, source: string): SluiceError {
  return new SluiceError("REQUEST_COLLISION", `${source} sets ${target} '${name}', which the request already has with a different value`, {
    failureType: "config_error",
    expected: `each ${target} set once (or to the same value)`,
    found: `'${name}' already on the request when ${source} signed it`,
  });
}
