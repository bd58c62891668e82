import { AuthenticationError, ManifestError } from "../sdk/errors/index.js";
import { valueAtPath } from "../python/dpath.js";
import type { ConsentSpec } from "./read-consent-spec.js";

/** One value to take from the token response: its key in the output, and its path in the response. */
interface OutputPath {
  key: string;
  path: (string | number)[];
  source: string;
}

function parseDotPath(text: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const segment of text.replace(/^\$\./, "").split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(segment);
    if (!match) {
      out.push(segment);
      continue;
    }
    if (match[1]) out.push(match[1]);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

/**
 * The paths to extract: `extract_output` when given; else every `path_in_oauth_response` of
 * `complete_oauth_output_specification` (joined with "."; `token_expiry_date` is computed, so it may
 * omit it); else `["refresh_token"]`, as the platform does. The output key is the path's last segment.
 */
function outputPaths(spec: ConsentSpec): OutputPath[] {
  const explicit = spec.input.extract_output as string[] | undefined;
  if (explicit && explicit.length > 0) return explicit.map((p) => ({ key: lastKey(parseDotPath(p)), path: parseDotPath(p), source: p }));
  const derived: OutputPath[] = [];
  for (const [name, property] of Object.entries(spec.output.properties ?? {})) {
    const path = property.path_in_oauth_response;
    if (!path) {
      if (name === "token_expiry_date") continue;
      throw new ManifestError("OAUTH_OUTPUT_SPEC_INVALID", `The output '${name}' does not say where it is in the token response`, {
        where: { manifestPath: `spec.advanced_auth.oauth_config_specification.complete_oauth_output_specification.properties.${name}` },
        expected: "path_in_oauth_response (or extract_output in oauth_connector_input_specification)",
        found: "nothing",
      });
    }
    const joined = path.join(".");
    derived.push({ key: lastKey(parseDotPath(joined)), path: parseDotPath(joined), source: joined });
  }
  return derived.length > 0 ? derived : [{ key: "refresh_token", path: ["refresh_token"], source: "refresh_token" }];
}

function lastKey(path: (string | number)[]): string {
  return String(path[path.length - 1]);
}


/** Jackson's `asText()` for scalars; objects and lists are kept as they are. */
function asStored(value: unknown): unknown {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return value;
}

/** `Instant.toString()` of now + seconds, at second precision: `2024-01-01T02:00:00Z`. */
function expiryDate(nowMs: number, value: unknown, key: string): string {
  const seconds = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(seconds)) {
    throw new AuthenticationError("OAUTH_EXPIRES_IN_INVALID", `The token response's '${key}' is not a number of seconds`, {
      failureType: "system_error",
      expected: "a number of seconds, e.g. 3600",
      found: typeof value,
    });
  }
  const at = Math.floor(nowMs / 1000) * 1000 + Math.trunc(seconds) * 1000;
  return new Date(at).toISOString().replace(/\.000Z$/, "Z");
}

/**
 * Takes the outputs out of a token response (reference §6.7 `processOAuthOutput`): each path of
 * `extract_output` (dot paths, nested allowed: `data.nested.auth.access_token`, list indexes as `[0]`),
 * keyed by its last segment; when the key is `token_expiry_key` (default `expires_in`), also
 * `token_expiry_date` = now + that many seconds. Values are stored as text, as the platform stores them.
 * A missing value raises `OAUTH_OUTPUT_MISSING`, naming the expected keys and the keys the response
 * has (never its values: they are tokens).
 *
 * @example
 * # extract_output: [data.access_token, data.refresh_token, data.expires_in]
 * # response: {"data": {"access_token": "a", "refresh_token": "r", "expires_in": 7200}} at 2024-01-01T00:00:00Z
 * # → {access_token: "a", refresh_token: "r", expires_in: "7200", token_expiry_date: "2024-01-01T02:00:00Z"}
 */
export function extractConsentOutput(spec: ConsentSpec, data: unknown, nowMs: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const expiryKey = typeof spec.input.token_expiry_key === "string" ? spec.input.token_expiry_key : "expires_in";
  const paths = outputPaths(spec);
  for (const { key, path, source } of paths) {
    const value = valueAtPath(data, path);
    if (value === undefined || value === null) {
      throw new AuthenticationError("OAUTH_OUTPUT_MISSING", `The token response has no '${source}'`, {
        failureType: "config_error",
        expected: `the fields ${paths.map((p) => p.source).join(", ")}`,
        found: `a response with the keys ${describeKeys(data)}`,
      });
    }
    if (key === expiryKey) out.token_expiry_date = expiryDate(nowMs, value, key);
    out[key] = asStored(value);
  }
  return out;
}

function describeKeys(data: unknown): string {
  if (data === null || typeof data !== "object") return "(none: not an object)";
  const keys = Object.keys(data);
  return keys.length === 0 ? "(none)" : keys.join(", ");
}
