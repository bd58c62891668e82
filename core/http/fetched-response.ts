import { parseJsonWithin, TOO_DEEP } from "../../python/exact-json.js";
import { jsonDocuments, HttpRequestError, SluiceError, type HttpResponse, type LinkEntry, type ResponseHeaders, type TransportHeaders } from "../../sdk/index.js";
import { parseLinkHeader } from "./parse-link-header.js";

/**
 * Response headers with case-insensitive lookup and the server's casing kept. Made from a transport's
 * headers, it copies them only when all are asked for (`entries()`, or a transport without `get`): a
 * page usually needs two (node-fetch's `raw()` plus the copy cost ~1 µs per response, its `get` 0.1 µs).
 *
 * @example
 * const headers = new HeaderBag(raw.headers);
 * headers.get("Content-Length"); // "8123"
 */
export class HeaderBag implements ResponseHeaders {
  private byLowerName?: Map<string, [string, string]>;

  constructor(private readonly source?: TransportHeaders) {}

  add(name: string, value: string): void {
    const all = this.all();
    const key = name.toLowerCase();
    const existing = all.get(key);
    all.set(key, existing ? [existing[0], `${existing[1]}, ${value}`] : [name, value]);
  }

  get(name: string): string | null {
    if (!this.byLowerName && this.source?.get) return this.source.get(name);
    return this.all().get(name.toLowerCase())?.[1] ?? null;
  }

  *entries(): Iterable<[string, string]> {
    yield* this.all().values();
  }

  /** Every header, copied from the source the first time they are needed. */
  private all(): Map<string, [string, string]> {
    if (!this.byLowerName) {
      const all = new Map<string, [string, string]>();
      this.byLowerName = all;
      this.source?.forEach((value, name) => {
        const key = name.toLowerCase();
        const existing = all.get(key);
        all.set(key, existing ? [existing[0], `${existing[1]}, ${value}`] : [name, value]);
      });
    }
    return this.byLowerName;
  }
}

/** Limits and redaction a {@link FetchedResponse} applies when it decodes its body. */
export interface DecodeOptions {
  /** The deepest nesting allowed in a JSON body (default 1,000). */
  maxDepth?: number;
  /** The most bytes a decoder may decompress the body into (`http.maxResponseBytes`). */
  maxBytes?: number;
  /** Masks secrets in the excerpt of a body that is not JSON (default: nothing masked). */
  redact?: (text: string) => string;
}

/**
 * A response whose body has been read: JSON is parsed once, on first use; a body that is not JSON is
 * an error naming the content type and the request (never an empty page), and a body nested deeper than
 * `maxDepth` is refused (`RESPONSE_TOO_DEEP`) before anything walks it.
 *
 * @example
 * const response = new FetchedResponse(200, "https://api/x", headers, '{"data":[]}', "GET https://api/x");
 * response.json(); // { data: [] }
 */
export class FetchedResponse implements HttpResponse {
  private parsed: unknown;
  private isParsed = false;
  private parsedLinks: Record<string, LinkEntry> | undefined;
  ignored?: boolean;

  constructor(
    readonly status: number,
    readonly url: string,
    readonly headers: HeaderBag,
    private body: string | Uint8Array,
    /** `METHOD url`, credentials redacted, for error messages (computed only when one is needed). */
    private readonly label: string | (() => string),
    private readonly decoding: DecodeOptions = {},
  ) {}

  /**
   * A fresh response with the same status, URL, headers and body, nothing parsed yet: what the response
   * cache hands each consumer, so none sees what another did to its parsed body.
   */
  copy(): FetchedResponse {
    const headers = new HeaderBag();
    for (const [name, value] of this.headers.entries()) headers.add(name, value);
    return new FetchedResponse(this.status, this.url, headers, this.body, this.label, this.decoding);
  }

  /** The body's size in bytes (as kept: UTF-8 text or bytes). */
  get bodyBytes(): number {
    return typeof this.body === "string" ? Buffer.byteLength(this.body) : this.body.byteLength;
  }

  /** The decompressed size limit of this response's body (the HTTP client's max response bytes), for parsers that inflate it. */
  get maxBodyBytes(): number | undefined {
    return this.decoding.maxBytes;
  }

  /** `METHOD url`, credentials redacted. */
  get requestLabel(): string {
    return typeof this.label === "string" ? this.label : this.label();
  }

  get links(): Record<string, LinkEntry> {
    this.parsedLinks ??= parseLinkHeader(this.headers.get("link"));
    return this.parsedLinks;
  }

  text(): string {
    if (typeof this.body !== "string") this.body = new TextDecoder().decode(this.body);
    return this.body;
  }

  bytes(): Uint8Array {
    return typeof this.body === "string" ? Buffer.from(this.body, "utf8") : this.body;
  }

  documents(): readonly unknown[] {
    return jsonDocuments(this.json());
  }

  json(): unknown {
    if (this.isParsed) return this.parsed;
    let body = this.text();
    if (body.charCodeAt(0) === 0xfeff) body = body.slice(1); // a UTF-8 byte-order mark, which the kit's JSON reading accepts
    if (body.trim() === "") {
      this.parsed = {};
    } else {
      const maxDepth = this.decoding.maxDepth ?? 1_000;
      try {
        this.parsed = parseJsonWithin(body, maxDepth);
      } catch (error) {
        if (error instanceof SluiceError && error.code === "RESPONSE_NUMBER_OUT_OF_RANGE") {
          throw new HttpRequestError("RESPONSE_NUMBER_OUT_OF_RANGE", `The response to ${this.requestLabel}: ${error.message}`, {
            status: this.status,
            where: { request: this.requestLabel },
            expected: error.expected,
            found: error.found,
            cause: error,
          });
        }
        const redact = this.decoding.redact ?? ((text: string) => text);
        const start = redact(body);
        throw new HttpRequestError("HTTP_DECODE", `The response to ${this.requestLabel} is not JSON`, {
          status: this.status,
          where: { request: this.requestLabel },
          expected: "a JSON body",
          found: `content type ${this.headers.get("content-type") ?? "(none)"}, body starting ${JSON.stringify(start.length > 80 ? `${start.slice(0, 80)}...` : start)}`,
          cause: error,
        });
      }
      if (this.parsed === TOO_DEEP) {
        this.parsed = undefined;
        throw new HttpRequestError("RESPONSE_TOO_DEEP", `The response to ${this.requestLabel} nests objects and lists more than ${maxDepth} levels deep`, {
          status: this.status,
          where: { request: this.requestLabel },
          expected: `JSON nested at most ${maxDepth} levels deep (http.maxNestingDepth)`,
          found: "a deeper body",
        });
      }
    }
    this.isParsed = true;
    return this.parsed;
  }
}
