import type { LinkEntry } from "../../sdk/index.js";

/**
 * Parses a `Link` header the way Python's requests does (`response.links`): entries keyed by `rel`
 * (or by URL when there is none), extra parameters kept, a later duplicate winning.
 *
 * @example
 * parseLinkHeader('<https://api.github.com/repos?page=2>; rel="next", <https://api.github.com/repos?page=5>; rel="last"')
 * // { next: { url: "https://api.github.com/repos?page=2", rel: "next" }, last: { ... } }
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, LinkEntry> {
  const links: Record<string, LinkEntry> = {};
  if (!header) return links;
  const value = stripChars(header, " '\"");
  if (!value) return links;
  for (const part of value.split(/, *</)) {
    const semicolon = part.indexOf(";");
    const rawUrl = semicolon === -1 ? part : part.slice(0, semicolon);
    const params = semicolon === -1 ? "" : part.slice(semicolon + 1);
    const link: LinkEntry = { url: stripChars(rawUrl, "<> '\"") };
    for (const param of params.split(";")) {
      const pieces = param.split("=");
      if (pieces.length !== 2) break;
      link[stripChars(pieces[0]!, " '\"")] = stripChars(pieces[1]!, " '\"");
    }
    links[link.rel || link.url] = link;
  }
  return links;
}

function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}
