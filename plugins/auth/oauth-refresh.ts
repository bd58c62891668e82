import {
  redactedExcerpt,
  AuthenticationError,
  SluiceError,
  type ErrorHandler,
  type HttpClient,
  type HttpResponse,
  type OutgoingRequest,
  redactUrl,
  type Secrets,
} from "../../sdk/index.js";
import { findInResponse } from "./token-response.js";

/** The evaluated pieces of one token request. */
interface TokenRequestArgs {
  endpoint: string;
  /** The grant's fields, in the order they are sent; null and undefined values are left out. */
  fields: Record<string, unknown>;
  headers: Record<string, string>;
  /** Send the fields as query parameters with an empty body (`send_refresh_request_as_query_params`). */
  asQuery: boolean;
}

/** Which response keys hold what (the `*_name` fields). */
interface TokenResponseNames {
  accessToken: string;
  expiresIn: string;
  /** Set in single-use mode: where the rotated refresh token is. */
  refreshToken?: string;
}

/** When a refused refresh means "re-authenticate" (the `refresh_token_error_*` fields). */
export interface RefreshErrorRule {
  statusCodes: readonly number[];
  key: string;
  values: readonly string[];
}

/** What a token endpoint answered. */
export interface TokenResult {
  accessToken: string;
  /** The raw `expires_in` value (seconds, or a date in absolute mode), if the response had one. */
  expiresIn?: unknown;
  /** The rotated refresh token, in single-use mode, if the response had one. */
  refreshToken?: string;
}

/** Retries what is worth retrying (429, 5xx, network errors); hands every other answer back for inspection. */
const tokenErrorHandler: ErrorHandler = {
  decide: ({ response, error }) => {
    if (error || !response) return { action: "retry", reason: "network error during the token request" };
    if (response.status === 429 || response.status >= 500) return { action: "retry", reason: `token endpoint answered ${response.status}` };
    return { action: "success" };
  },
};

/**
 * Builds the token request as the kit sends it: a form-encoded POST (standard OAuth servers require
 * it, RFC 6749 §4.1.3), a JSON body when the headers set `Content-Type: application/json`, or the
 * fields as query parameters with an empty body.
 *
 * @example
 * buildTokenRequest({ endpoint: "https://oauth2.googleapis.com/token", asQuery: false, headers: {},
 *   fields: { grant_type: "refresh_token", client_id: "id", client_secret: "s", refresh_token: "r" } });
 * // POST, body "grant_type=refresh_token&client_id=id&client_secret=s&refresh_token=r"
 */
function buildTokenRequest(args: TokenRequestArgs): OutgoingRequest {
  const fields = Object.fromEntries(Object.entries(args.fields).filter(([, v]) => v !== null && v !== undefined));
  const request: OutgoingRequest = { method: "POST", url: args.endpoint, params: {}, headers: { Accept: "application/json", ...args.headers } };
  if (args.asQuery) {
    for (const [key, value] of Object.entries(fields)) request.params[key] = Array.isArray(value) ? value.map(pythonText) : pythonText(value);
    return request;
  }
  const contentType = Object.entries(args.headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  if (contentType !== undefined && /^application\/json\b/i.test(contentType)) {
    request.bodyJson = fields;
    return request;
  }
  if (contentType === undefined) request.headers["Content-Type"] = "application/x-www-form-urlencoded";
  request.bodyData = encodeForm(fields);
  return request;
}

/**
 * Encodes form fields as Python's `urlencode(..., doseq=True)` does: lists become repeated keys,
 * spaces `+`, and everything but `A-Z a-z 0-9 _ . - ~` percent-encoded.
 *
 * @example
 * encodeForm({ scopes: ["read", "write all"] }); // "scopes=read&scopes=write+all"
 */
function encodeForm(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      parts.push(`${quotePlus(key)}=${quotePlus(pythonText(item))}`);
    }
  }
  return parts.join("&");
}

function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

function pythonText(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * Sends a token request and reads the tokens out of the answer, with errors that say what to do:
 * a refused refresh token (`invalid_grant`) is a config error asking to re-authenticate.
 */
export async function requestToken(
  http: HttpClient,
  args: TokenRequestArgs,
  names: TokenResponseNames,
  rule: RefreshErrorRule,
  context: { secrets: Secrets; where: string; configPathHint?: string },
): Promise<TokenResult> {
  const request = buildTokenRequest(args);
  const shown = `POST ${redactUrl(args.endpoint, context.secrets, { hideQuery: true })}`;
  let response: HttpResponse;
  try {
    response = await http.send(request, { errorHandler: tokenErrorHandler, purpose: "token_refresh", where: { manifestPath: context.where, request: shown } });
  } catch (error) {
    throw new AuthenticationError("AUTH_TOKEN_REFRESH_FAILED", `The token request failed: ${describe(error, context.secrets)}`, {
      failureType: error instanceof SluiceError ? error.failureType : "transient_error",
      where: { manifestPath: context.where, request: shown },
      cause: error,
    });
  }
  const body = parseBody(response);
  if (response.status < 200 || response.status >= 300) throw refusal(response, body, rule, { ...context, shown });
  const accessToken = findInResponse(body, names.accessToken);
  if (accessToken === undefined || accessToken === null || accessToken === "") {
    throw new AuthenticationError("AUTH_TOKEN_MISSING", `The token response has no '${names.accessToken}'`, {
      failureType: "system_error",
      where: { manifestPath: context.where, request: shown },
      expected: `a response with '${names.accessToken}' (set access_token_name if the API names it differently)`,
      found: body === undefined ? "a body that is not JSON" : `keys ${JSON.stringify(Object.keys(typeof body === "object" && body ? body : {}))}`,
    });
  }
  const refreshToken = names.refreshToken === undefined ? undefined : findInResponse(body, names.refreshToken);
  const result: TokenResult = {
    accessToken: String(accessToken),
    expiresIn: findInResponse(body, names.expiresIn) ?? undefined,
    refreshToken: refreshToken === undefined || refreshToken === null ? undefined : String(refreshToken),
  };
  context.secrets.add(result.accessToken);
  context.secrets.add(result.refreshToken);
  return result;
}

function parseBody(response: HttpResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

function refusal(response: HttpResponse, body: unknown, rule: RefreshErrorRule, context: { secrets: Secrets; where: string; shown: string; configPathHint?: string }): SluiceError {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const errorValue = record[rule.key];
  const matchesRule = rule.statusCodes.includes(response.status) && typeof errorValue === "string" && rule.values.includes(errorValue);
  const standard = record.error === "invalid_grant";
  const excerpt = redactedExcerpt(context.secrets, response.text(), 300);
  if (matchesRule || standard) {
    const code = String(matchesRule ? errorValue : record.error);
    const where = context.configPathHint ? ` and put the new refresh token in the config at ${context.configPathHint}` : "";
    return new AuthenticationError(
      "AUTH_INVALID_GRANT",
      `The token endpoint refused the refresh token (${code}): it has expired, was revoked, or was already used ` +
        `(single-use refresh tokens are spent by the first refresh). Re-authenticate the connection${where}.`,
      { failureType: "config_error", where: { manifestPath: context.where, request: context.shown }, found: `HTTP ${response.status}: ${excerpt}` },
    );
  }
  return new AuthenticationError("AUTH_TOKEN_REFRESH_FAILED", `The token endpoint answered HTTP ${response.status}`, {
    failureType: response.status === 401 || response.status === 403 || response.status === 400 ? "config_error" : "system_error",
    where: { manifestPath: context.where, request: context.shown },
    expected: "a 2xx answer with an access token (check client_id, client_secret, scopes and token_refresh_endpoint)",
    found: `HTTP ${response.status}: ${excerpt}`,
  });
}

function describe(error: unknown, secrets: Secrets): string {
  const text = error instanceof SluiceError ? error.message : error instanceof Error ? error.message : String(error);
  return secrets.redact(text);
}
