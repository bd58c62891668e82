import { ConfigError, type ErrorLocation } from "../../sdk/index.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import type { HttpOptions } from "./http-options.js";

/** The limits of the HTTP client a user may set without code: a CLI flag, a Sluice config file key, a host option. */
export type HttpLimits = Pick<HttpOptions, "maxRedirects" | "maxResponseBytes" | "maxNestingDepth">;

/**
 * Each limit: its CLI flag and the smallest value that makes sense (0 redirects refuses every redirect;
 * a body or a nesting depth of 0 could never be read).
 */
export const HTTP_LIMITS: Readonly<Record<keyof HttpLimits, { readonly flag: string; readonly min: number }>> = {
  maxRedirects: { flag: "max-redirects", min: 0 },
  maxResponseBytes: { flag: "max-response-bytes", min: 1 },
  maxNestingDepth: { flag: "max-nesting-depth", min: 1 },
};

const NAMES = Object.keys(HTTP_LIMITS) as Array<keyof HttpLimits>;

/**
 * Checks the `http:` mapping of a Sluice config file: only the limit keys, each a whole number in range.
 * The error names the file and the key, what was expected and what was found.
 *
 * @example
 * // .sluicerc.yaml:  http: { maxResponseBytes: 10000000, maxNestingDepth: 200, maxRedirects: 3 }
 * httpLimitsSetting({ maxResponseBytes: 10_000_000 }, ".sluicerc.yaml"); // { maxResponseBytes: 10000000 }
 * httpLimitsSetting({ maxResponseBytes: "10MB" }, ".sluicerc.yaml");     // throws HTTP_LIMIT_INVALID
 */
export function httpLimitsSetting(value: unknown, file: string): Partial<HttpLimits> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid("http", { file }, `a mapping of ${NAMES.join(", ")}`, JSON.stringify(value) ?? String(value));
  }
  const limits: Partial<HttpLimits> = {};
  for (const [key, setting] of Object.entries(value)) {
    if (!(key in HTTP_LIMITS)) {
      const near = nearestMatch(key, NAMES);
      throw new ConfigError("HTTP_LIMIT_INVALID", `http.${key} is not an HTTP limit Sluice knows${near ? `; did you mean http.${near}?` : ""}`, {
        where: { file },
        expected: `http: a mapping of ${NAMES.join(", ")}`,
        found: `http.${key}`,
      });
    }
    limits[key as keyof HttpLimits] = checkedLimit(key as keyof HttpLimits, setting, `http.${key}`, { file });
  }
  return limits;
}

/**
 * Checks the limits a host gives `createSluice({ http })`, so a wrong one fails when Sluice is created,
 * not as a puzzling error on the first page.
 *
 * @example
 * checkHttpLimits({ maxRedirects: -1 }); // throws HTTP_LIMIT_INVALID naming http.maxRedirects
 */
export function checkHttpLimits(options: Partial<HttpOptions>): void {
  for (const name of NAMES) if (options[name] !== undefined) checkedLimit(name, options[name], `http.${name}`, {});
}

function checkedLimit(name: keyof HttpLimits, value: unknown, label: string, where: ErrorLocation): number {
  const { min } = HTTP_LIMITS[name];
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw invalid(label, where, `a whole number of at least ${min}`, JSON.stringify(value) ?? String(value));
  }
  return value;
}

function invalid(label: string, where: ErrorLocation, expected: string, found: string): ConfigError {
  return new ConfigError("HTTP_LIMIT_INVALID", `${label} is not a valid HTTP limit`, { where, expected: `${label}: ${expected}`, found });
}
