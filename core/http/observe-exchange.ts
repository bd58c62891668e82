import { redactUrl, type ObservedExchange, type ObservedRequest, type ObservedResponse, type ResponseHeaders, type RequestPurpose, type Secrets, type SendOptions } from "../../sdk/index.js";
import { maskAddedParams, type AddedBySigning } from "./before-send.js";
import type { EncodedRequest } from "./encode-request.js";

/** Headers whose whole value is a credential, whatever the secret registry knows. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey"]);

/**
 * Makes the {@link ObservedExchange} of one HTTP attempt, redacted for a {@link ReadObserver}: the
 * URL (user info masked), every header value and both bodies pass through the secret registry, a
 * credential header (`Authorization`, `Cookie`, an API key header...) keeps only its scheme word, and
 * the body of an auxiliary response (token refresh, session login) keeps no string value at all.
 * Called only when an observer is registered.
 *
 * @example
 * observer.exchange?.(observedExchange({ secrets, encoded, attempt: 1, ms: 12, options, response: { status: 200, headers, body } }));
 */
export function observedExchange(input: {
  secrets: Secrets;
  encoded: EncodedRequest;
  /** What the authenticator's `beforeSend` step added (masked whatever its value). */
  added?: AddedBySigning;
  attempt: number;
  ms: number;
  options: SendOptions;
  response?: { status: number; headers: ResponseHeaders; body: string };
  error?: unknown;
}): ObservedExchange {
  const { secrets, encoded, options } = input;
  const purpose: RequestPurpose = options.purpose ?? "page";
  const added = input.added;
  const url = added ? maskAddedParams(encoded.url, added.params) : encoded.url;
  const request: ObservedRequest = { method: encoded.method, url: redactUrl(url, secrets), headers: redactHeaders(Object.entries(encoded.headers), secrets, added?.headers) };
  if (encoded.body !== undefined) request.body = added?.body ? "(not shown: changed by the authenticator's beforeSend step)" : secrets.redact(encoded.body);
  const exchange: ObservedExchange = { purpose, attempt: input.attempt, ms: Math.round(input.ms * 10) / 10, request };
  if (options.where) exchange.where = { ...options.where };
  if (input.response) {
    const { status, headers, body } = input.response;
    // An auxiliary response (a token, a session id) carries credentials the registry learns only after it was parsed.
    const shown = purpose === "page" ? secrets.redact(body) : maskStrings(body);
    const observed: ObservedResponse = { status, headers: redactHeaders(headers.entries(), secrets), body: shown, bytes: Buffer.byteLength(body) };
    exchange.response = observed;
  }
  if (input.error !== undefined) exchange.error = secrets.redact(input.error instanceof Error ? input.error.message : String(input.error));
  return exchange;
}

/** A JSON body with every string value masked (numbers, booleans and keys kept); any other body is not shown. */
function maskStrings(body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body === "" ? "" : "(not shown: a non-JSON auxiliary response may carry credentials)";
  }
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === "string" ? "****" : item));
}

function redactHeaders(entries: Iterable<[string, string]>, secrets: Secrets, signed?: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    out[name] = signed?.has(lower) ? "****" : CREDENTIAL_HEADERS.has(lower) ? maskCredential(value) : secrets.redact(value);
  }
  return out;
}

/** `Bearer abc.def` -> `Bearer ****`; a bare value -> `****`. */
function maskCredential(value: string): string {
  const scheme = /^(Bearer|Basic|Token|Digest|Bot|JWT)\s+/i.exec(value)?.[1];
  return scheme ? `${scheme} ****` : "****";
}
