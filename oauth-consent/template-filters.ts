import { createHash } from "node:crypto";
import { javaUrlEncode } from "./java-url-encode.js";

/**
 * The filters the platform's OAuth templates use besides Jinjava's built-ins, with the platform's
 * exact output (reference §6.3):
 * - `urlencode`: `java.net.URLEncoder` form encoding (space → `+`); a mapping becomes `k=v&k2=v2`; null → "".
 * - `urldecode`: the inverse (`+` → space).
 * - `b64encode` / `b64decode`: standard, padded Base64 of the UTF-8 text; non-strings pass through.
 * - `codechallengeS256`: standard, **padded** Base64 of SHA-256 (not RFC 7636's base64url: kept for
 *   manifests that rely on it; the standard PKCE challenge is the `code_challenge_value` variable).
 *
 * @example
 * # in an oauth_connector_input_specification
 * access_token_headers:
 *   Authorization: "Basic {{ (client_id_value ~ ':' ~ client_secret_value) | b64encode }}"
 * consent_url: "https://example.com/auth?redirect_uri={{ redirect_uri_value | urlencode }}"
 */
export const consentTemplateFilters: Readonly<Record<string, (value: unknown) => unknown>> = {
  urlencode: (value) => {
    if (value === null || value === undefined) return "";
    if (typeof value === "object" && !Array.isArray(value)) {
      return Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${javaUrlEncode(k)}=${javaUrlEncode(v === null || v === undefined ? "" : String(v))}`)
        .join("&");
    }
    return javaUrlEncode(String(value));
  },
  urldecode: (value) => (typeof value === "string" ? decodeURIComponent(value.replace(/\+/g, " ")) : value),
  b64encode: (value) => (typeof value === "string" ? Buffer.from(value, "utf8").toString("base64") : value),
  b64decode: (value) => (typeof value === "string" ? Buffer.from(value, "base64").toString("utf8") : value),
  codechallengeS256: (value) => createHash("sha256").update(String(value ?? ""), "utf8").digest("base64"),
};
