import { javaUrlEncode } from "./java-url-encode.js";
import type { ConsentTemplateVariables } from "./render-consent-template.js";
import { renderConsentTemplate } from "./render-consent-template.js";
import { checkRenderedUrl } from "./rendered-url.js";
import type { ConsentSpec } from "./read-consent-spec.js";

/** The code-exchange request, ready to send. */
export interface TokenRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  encoding: "form" | "json";
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

function renderMap(map: unknown, vars: ConsentTemplateVariables, path: string): Record<string, string> | undefined {
  if (!map || typeof map !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map as Record<string, string>)) {
    out[renderConsentTemplate(key, vars, `${path}.${key}`)] = renderConsentTemplate(String(value), vars, `${path}.${key}`);
  }
  return out;
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

/**
 * Builds the code exchange as the platform does (reference §6.7), with two fixes:
 * - the URL is `access_token_url` rendered; `access_token_headers` (rendered keys and values), when
 *   non-empty, replace the defaults `Content-Type: application/x-www-form-urlencoded` and `Accept: application/json`;
 * - without `access_token_params` the body is an empty form (the code travels in the URL's query);
 *   with them, the body is JSON unless the headers say `Content-Type: application/x-www-form-urlencoded`;
 * - fix 1: JSON is sent with `Content-Type: application/json` (the platform labels it as a form when no
 *   headers are given); fix 2: custom headers without a Content-Type get the body's real one;
 * - with `pkce: true` and no template placing it, `code_verifier` is added to the body.
 *
 * @example
 * # access_token_url: "https://example.com/oauth/token"
 * # access_token_params: { grant_type: authorization_code, code: "{{ auth_code_value }}", client_id: "{{ client_id_value }}" }
 * # → POST https://example.com/oauth/token, Content-Type: application/json, {"grant_type":"authorization_code","code":"...","client_id":"..."}
 */
export function buildTokenRequest(spec: ConsentSpec, vars: ConsentTemplateVariables, codeVerifier: string | undefined, file?: string): TokenRequest {
  const urlPath = `${spec.inputPath}.access_token_url`;
  const url = renderConsentTemplate(spec.input.access_token_url as string, vars, urlPath);
  checkRenderedUrl(url, urlPath, file);
  const custom = renderMap(spec.input.access_token_headers, vars, `${spec.inputPath}.access_token_headers`) ?? {};
  const params = renderMap(spec.input.access_token_params, vars, `${spec.inputPath}.access_token_params`);
  const hasCustom = Object.keys(custom).length > 0;
  const declaredType = headerValue(custom, "Content-Type");
  const encoding = params === undefined || declaredType?.split(";")[0]?.trim().toLowerCase() === FORM ? "form" : "json";
  const fields: Record<string, string> = { ...(params ?? {}) };
  if (codeVerifier !== undefined) fields.code_verifier = codeVerifier;
  const body =
    encoding === "json"
      ? JSON.stringify(fields)
      : Object.entries(fields)
          .map(([k, v]) => `${javaUrlEncode(k)}=${javaUrlEncode(v)}`)
          .join("&");
  const headers = hasCustom ? { ...custom } : { "Content-Type": encoding === "json" ? JSON_TYPE : FORM, Accept: JSON_TYPE };
  if (hasCustom && declaredType === undefined && body !== "") headers["Content-Type"] = encoding === "json" ? JSON_TYPE : FORM;
  return { url, headers, body, encoding };
}

/** The request as errors may show it: method, origin and path, never the query (it may hold the code or secret). */
export function describeTokenRequest(url: string): string {
  try {
    const u = new URL(url);
    return `POST ${u.origin}${u.pathname}${u.search ? "?<redacted>" : ""}`;
  } catch {
    return "POST <access_token_url>";
  }
}
