import type { HttpResponse } from "../../../sdk/index.js";

/**
 * A response as it crosses the Python bridge (the `$response` tag): Python builds a
 * `requests`-compatible `Response` from it (`json()`, `text`, `headers`, `status_code`, `url`...).
 *
 * @example
 * wireResponse(response); // { $response: { status: 200, url: "http://api/items", headers: { "content-type": "application/json" }, text: "[...]" } }
 */
export function wireResponse(response: HttpResponse): { $response: Record<string, unknown> } {
  return { $response: { status: response.status, url: response.url, headers: Object.fromEntries(response.headers.entries()), text: response.text() } };
}
