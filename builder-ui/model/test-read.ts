import type { FieldOrigin } from "../api-client.js";

/** A request as sent, credentials redacted (core/test-read/test-read-document.ts's `TestReadRequest`). */
export interface TestRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** A response as received, redacted; `body` is cut at the test read's body limit (`truncated` then), `bytes` is the whole body's size. */
export interface TestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  truncated?: true;
}

/** A request besides the page's own: a token refresh, a session login, a report job, a retried attempt, a parent stream's page. */
export interface TestExchange {
  purpose: string;
  attempt: number;
  ms: number;
  request: TestRequest;
  response: TestResponse | null;
  error?: string;
}

/** One page of a test read: its request and response, records, and the pagination decision. */
interface TestPage {
  request: TestRequest | null;
  response: TestResponse | null;
  records: Array<Record<string, unknown>>;
  next_page_token: unknown;
  stop_reason: string | null;
  auxiliary_requests: TestExchange[];
  ms?: number;
}

/** One stream of a test read; a failed read names its error and, when it knows, the manifest field and where it is written. */
interface TestStream {
  name: string;
  slices: Array<{ slice: Record<string, unknown>; pages: TestPage[] }>;
  records: number;
  estimate?: number;
  error?: string;
  error_path?: string;
  error_origin?: FieldOrigin;
}

/** What `POST api/test` answers: `sluice test-read --json`'s document, with each error's place in the text. */
export interface TestReadResult {
  streams: TestStream[];
  warnings: string[];
  /** The read's log messages (info and above, redacted). */
  logs?: Array<{ level: "debug" | "info" | "warn" | "error"; message: string }>;
}

/** One page with the slice it belongs to, as the page selector lists them (numbered across slices). */
export interface NumberedPage {
  number: number;
  slice: Record<string, unknown>;
  sliceNumber: number;
  page: TestPage;
}

/** Every page of a stream's test read in order, across its slices. */
export function pagesOf(stream: TestStream): NumberedPage[] {
  const out: NumberedPage[] = [];
  stream.slices.forEach((s, i) => s.pages.forEach((page) => out.push({ number: out.length + 1, slice: s.slice, sliceNumber: i + 1, page })));
  return out;
}

/** A body for reading: JSON pretty-printed (a body cut short is shown as it came), at most `max` characters. */
export function prettyBody(body: string, max = 20_000): { text: string; shortened: boolean } {
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // not JSON, or cut at the body limit: as received
  }
  return text.length > max ? { text: text.slice(0, max), shortened: true } : { text, shortened: false };
}

/** `512 B`, `2.7 kB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
