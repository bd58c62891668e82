import type { HttpResponse } from "../../sdk/index.js";
import { templateHeaders } from "../shared/pagination-context.js";

/**
 * The names an error handler's templates see: `response` (the whole body parsed as JSON, `{}` when it
 * is not JSON, as the kit's `_safe_response_json`) and `headers` (case-insensitive, with `link`).
 *
 * @example
 * // predicate: "{{ response.error.code == 'rate_limited' and headers['Retry-After'] }}"
 */
export function responseContext(response: HttpResponse): { response: unknown; headers: Record<string, unknown> } {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = {};
  }
  return { response: body ?? {}, headers: templateHeaders(response) };
}

/** The template names in scope for response filters. */
export const RESPONSE_NAMES = ["response", "headers"] as const;
