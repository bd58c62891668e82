/**
 * One entry of a parsed `Link` header, keyed in {@link HttpResponse.links} by its `rel`.
 * Extra parameters of the entry (`results`, `cursor`, `title`) are kept as keys.
 *
 * @example
 * // Link: <https://api.github.com/user/repos?page=3>; rel="next"
 * response.links.next.url === "https://api.github.com/user/repos?page=3"
 */
export interface LinkEntry {
  url: string;
  rel?: string;
  [param: string]: string | undefined;
}

/**
 * Response headers, looked up case-insensitively.
 *
 * @example
 * response.headers.get("x-ratelimit-remaining"); // "42" (any casing works)
 */
export interface ResponseHeaders {
  /** The header's value, or `null` when absent; several headers of one name arrive comma-joined. */
  get(name: string): string | null;
  /** Every header with its name as the server sent it (case preserved) and its value. */
  entries(): Iterable<[string, string]>;
}

/**
 * The response a pagination strategy, record selector or custom component sees.
 * The body has been read completely; `json()` parses it once and caches the result. With a decoder
 * on the stream (`XmlDecoder`, `JsonlDecoder`...), `json()` is the first decoded document.
 *
 * @example
 * nextPageToken(response) {
 *   const body = response.json() as { has_more: boolean; data: { id: string }[] };
 *   return body.has_more ? body.data.at(-1)?.id : undefined;   // Stripe-style
 * }
 */
export interface HttpResponse {
  readonly status: number;
  /** The final URL of the request, after redirects. */
  readonly url: string;
  readonly headers: ResponseHeaders;
  /** The parsed `Link` header, keyed by `rel` (or by URL for an entry without `rel`). */
  readonly links: Readonly<Record<string, LinkEntry>>;
  /** True when the error handler chose to ignore this response: it yields no records and ends pagination. */
  readonly ignored?: boolean;
  /** The body parsed as JSON (cached). Throws when the body is not JSON. */
  json(): unknown;
  /** The body as text (UTF-8). */
  text(): string;
  /** The body as bytes, as the server sent them (after transfer decompression). */
  bytes(): Uint8Array;
  /**
   * The most bytes a decoder may decompress this body into (`http.maxResponseBytes`, the same limit
   * the body itself was read under); a decoder counts its output against it. Absent: the default, 100 MiB.
   */
  readonly maxBodyBytes?: number;
  /**
   * The body decoded into documents by the stream's decoder. Without one it is JSON, as in the kit:
   * the items of a top-level array, otherwise the body itself (`{}` for an empty body).
   *
   * @example
   * for (const document of response.documents()) use(document); // one per JSON line with a JsonlDecoder
   */
  documents(): Iterable<unknown>;
}
