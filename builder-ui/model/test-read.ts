import type { TestReadExchange, TestReadPage, TestReadRequest, TestReadResponse, TestReadStream } from "../api-client.js";

/** A request as sent, credentials redacted. */
export type TestRequest = TestReadRequest;
/** A response as received, redacted; `body` is cut at the test read's body limit (`truncated` then), `bytes` is the whole body's size. */
export type TestResponse = TestReadResponse;
/** A request besides the page's own: a token refresh, a session login, a report job, a retried attempt, a parent stream's page. */
export type TestExchange = TestReadExchange;
/** One page of a test read: its request and response, records, and the pagination decision. */
export type TestPage = TestReadPage;
/** One stream of a test read (its error with the place in the text it points at, in `POST api/test`'s answer). */
export type TestStream = TestReadStream;
export type { TestReadResult } from "../api-client.js";

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
