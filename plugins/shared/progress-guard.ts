import { createHash } from "node:crypto";
import { DEFAULT_READ_LIMITS, PaginationError, type ErrorCode, type OutgoingRequest, type Secrets } from "../../sdk/index.js";

/** Options of {@link ProgressGuard}. */
interface ProgressGuardOptions {
  /** The stream being read, for error messages. */
  stream: string;
  /** Most requests in this stream's read, all partitions together (default `DEFAULT_READ_LIMITS.maxPages`, 1,000,000). */
  maxPages?: number;
  /** Masks credentials in the tokens shown in errors (a next-page URL often carries the API key); the whole token is redacted before it is cut. */
  secrets?: Secrets;
  /** How many of the latest tokens a partition remembers (default 10,000; at least half of them at any time); older ones are forgotten, so memory stays flat. */
  tokenMemory?: number;
}

const SHOWN_TOKEN_CHARS = 200;

/**
 * Makes sure pagination moves forward. The retriever calls {@link ProgressGuard.beforeRequest} before
 * each page's request; it throws a `PaginationError` when
 * - the page token was already used in this partition (`PAGINATION_REPEATED_TOKEN`: a cursor that
 *   cycles, a next URL that points back),
 * - the request is identical to the previous one (`PAGINATION_NO_PROGRESS`: a token that is never
 *   put into the request, a template that ignores `next_page_token`),
 * - the read has made `maxPages` requests (`PAGINATION_PAGE_CAP`).
 * The error names the stream, the page and the token. The caps are finite: no setting makes a read
 * loop forever. Records of the pages already read have been delivered when it throws.
 *
 * @example
 * const guard = new ProgressGuard({ stream: "users", maxPages: 10_000 });
 * guard.startPartition();
 * guard.beforeRequest(page, token, requestSignature(request));   // throws instead of looping
 */
export class ProgressGuard {
  private readonly stream: string;
  private readonly secrets?: Secrets;
  private readonly maxPages: number;
  private readonly tokenMemory: number;
  /** Tokens seen, in two generations so forgetting the oldest is O(1): `recent` fills, then becomes `older`. */
  private recent = new Set<string>();
  private older = new Set<string>();
  private previousSignature?: string | RequestSignature;
  /** The stream's request count, shared by the guards of its partitions read at the same time. */
  private readonly counter: { requests: number };

  constructor(options: ProgressGuardOptions, counter: { requests: number } = { requests: 0 }) {
    this.stream = options.stream;
    this.secrets = options.secrets;
    this.maxPages = Math.max(1, options.maxPages ?? DEFAULT_READ_LIMITS.maxPages);
    this.tokenMemory = Math.max(1, options.tokenMemory ?? 10_000);
    this.counter = counter;
  }

  /**
   * A guard for one partition read alongside others: its own tokens and previous request, the
   * stream's page cap shared with this guard (a concurrent read checks every slice's pagination on
   * its own, and still stops the whole stream at `maxPages`).
   *
   * @example
   * const sliceGuard = streamGuard.partition();
   */
  partition(): ProgressGuard {
    return new ProgressGuard({ stream: this.stream, maxPages: this.maxPages, tokenMemory: this.tokenMemory, secrets: this.secrets }, this.counter);
  }

  /** Forgets the tokens and the previous request: a new partition starts its pagination over. */
  startPartition(): void {
    this.recent = new Set();
    this.older = new Set();
    this.previousSignature = undefined;
  }

  /**
   * Checks the request of one page before it is sent.
   *
   * @param page the page number in this partition (1 = first page)
   * @param token the page token (undefined when the request carries none)
   * @param signature what makes the request unique: {@link requestSignature} of it (or any string)
   */
  beforeRequest(page: number, token: unknown, signature: string | RequestSignature): void {
    this.counter.requests += 1;
    if (this.counter.requests > this.maxPages) {
      throw this.error("PAGINATION_PAGE_CAP", `Stream '${this.stream}' reached the cap of ${this.maxPages} pages`, page, token, {
        expected: `at most ${this.maxPages} pages (raise readLimits.maxPages if the API really has more)`,
        found: `a next page (${this.maxPages + 1})`,
      });
    }
    if (token !== undefined && token !== null) {
      const key = tokenKey(token);
      if (this.recent.has(key) || this.older.has(key)) {
        throw this.error("PAGINATION_REPEATED_TOKEN", `Stream '${this.stream}': the page token of page ${page} was already used`, page, token, {
          expected: "a page token not seen before in this read",
          found: `token ${this.show(token)} again`,
        });
      }
      this.remember(key);
    }
    if (page > 1 && this.previousSignature !== undefined && sameSignature(signature, this.previousSignature)) {
      throw this.error("PAGINATION_NO_PROGRESS", `Stream '${this.stream}': the request for page ${page} is identical to the previous one`, page, token, {
        expected: "each page's request to differ (is the token put into the request?)",
        found: `the same request again, token ${this.show(token)}`,
      });
    }
    this.previousSignature = signature;
  }

  private remember(key: string): void {
    if (this.recent.size >= Math.ceil(this.tokenMemory / 2)) {
      this.older = this.recent;
      this.recent = new Set();
    }
    this.recent.add(key);
  }

  private show(token: unknown): string {
    return showToken(token, this.secrets);
  }

  private error(code: ErrorCode, message: string, page: number, token: unknown, facts: { expected: string; found: string }): PaginationError {
    return new PaginationError(code, `${message} (token ${this.show(token)})`, { where: { stream: this.stream, page }, ...facts });
  }
}

/**
 * What makes a request unique on the wire (method, URL, query parameters, headers, body), kept to
 * compare with the next page's request: two signatures are equal exactly when the requests would be
 * the same, whatever the order of their keys (header names compared without case). Taking one copies
 * two small objects; comparing reads their values, with no string built (it runs before every page).
 */
class RequestSignature {
  private constructor(
    private readonly line: string,
    private readonly params: Readonly<Record<string, unknown>>,
    private readonly headers: Readonly<Record<string, unknown>>,
    private readonly body: string,
  ) {}

  /**
   * @example
   * requestSignature({ method: "GET", url: "https://api.example.com/users", params: { offset: 100 }, headers: {} });
   */
  static of(request: OutgoingRequest): RequestSignature {
    const headers: Record<string, unknown> = {};
    for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name];
    const data = request.bodyData === undefined || typeof request.bodyData === "string" ? (request.bodyData ?? "") : JSON.stringify(sorted(request.bodyData));
    const json = request.bodyJson === undefined ? "" : JSON.stringify(sorted(request.bodyJson));
    return new RequestSignature(`${request.method} ${request.url}`, Object.assign({}, request.params), headers, `${json}\n${data}`);
  }

  equals(other: RequestSignature): boolean {
    return this.line === other.line && this.body === other.body && sameEntries(this.params, other.params) && sameEntries(this.headers, other.headers);
  }
}

/**
 * The {@link RequestSignature} of a request.
 *
 * @example
 * guard.beforeRequest(page, token, requestSignature(request));
 */
export function requestSignature(request: OutgoingRequest): RequestSignature {
  return RequestSignature.of(request);
}

function sameSignature(a: string | RequestSignature, b: string | RequestSignature): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.equals(b);
}

/** The same keys with the same values (a list or an object compared by its JSON). */
function sameEntries(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  let count = 0;
  for (const key in a) {
    count++;
    if (!(key in b)) return false;
    const x = a[key];
    const y = b[key];
    if (x !== y && (typeof x !== "object" || typeof y !== "object" || x === null || y === null || JSON.stringify(sorted(x)) !== JSON.stringify(sorted(y)))) return false;
  }
  for (const _key in b) count--;
  return count === 0;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== "object") return value;
  return Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]);
}

function tokenKey(token: unknown): string {
  const text = typeof token === "string" ? `s:${token}` : typeof token === "number" ? `n:${token}` : `j:${JSON.stringify(sorted(token)) ?? String(token)}`;
  return text.length <= 64 ? text : `h:${createHash("sha256").update(text).digest("base64")}`;
}

function showToken(token: unknown, secrets: Secrets | undefined): string {
  if (token === undefined) return "(none)";
  const raw = typeof token === "string" ? JSON.stringify(token) : (JSON.stringify(token) ?? String(token));
  const text = secrets ? secrets.redact(raw) : raw;
  return text.length <= SHOWN_TOKEN_CHARS ? text : `${text.slice(0, SHOWN_TOKEN_CHARS)}... (${text.length} chars)`;
}
