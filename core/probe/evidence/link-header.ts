import { cursorPaginator, REQUEST_PATH, type EvidenceDetector } from "../pagination-guess.js";

/**
 * A `Link` header with `rel="next"` (RFC 8288), as GitHub and Shopify page: the next page is the
 * URL in the header, followed as it is, until a page has no next link.
 *
 * @example
 * // Link: <https://api.github.com/repositories/1/issues?page=2&per_page=20>; rel="next", <...?page=4>; rel="last"
 * // -> cursor_value: "{{ headers.link.next.url }}", page_token_option: { type: RequestPath }
 */
export const linkHeader: EvidenceDetector = ({ response }) => {
  const next = nextLink(response.headers.link ?? "");
  if (next === undefined) return undefined;
  return {
    kind: "link-header",
    evidence: `a Link header with rel="next": <${next}>`,
    candidates: [{ paginator: cursorPaginator("headers.link.next.url", "'next' not in headers.link", REQUEST_PATH) }],
    undecided: [],
  };
};

/** The URL of the `rel="next"` entry of a Link header (a rel may list several names). */
export function nextLink(header: string): string | undefined {
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? "")?.[1];
    if (rel && rel.toLowerCase().split(/\s+/).includes("next")) return match[1];
  }
  return undefined;
}
