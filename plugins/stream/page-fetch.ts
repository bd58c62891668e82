import { isThenable, SluiceError, thenMaybe, withDecoder, type Awaitable, type DataRecord, type HttpResponse, type OutgoingRequest, type SendOptions } from "../../sdk/index.js";
import { requestSignature } from "../shared/progress-guard.js";
import { readChunkedPage } from "./chunked-page.js";
import type { PageReaderParts } from "./page-reader.js";
import { StreamedPage } from "./streamed-page.js";
import { pausingStats, takeSelected } from "./take-selected.js";

/** A page the paginator has not seen yet: its response, and its record count and last record once known. */
export interface UnpaginatedPage {
  response: HttpResponse;
  rawCount: number;
  /** A streamed page's record count and last record (its records are not kept). */
  count?: number;
  last?: DataRecord;
}

/** One page as read: its records (or its streamed records), or the failure that ended its selection. */
export interface FetchedPage {
  /** The page's number in its slice (1 = first). */
  page: number;
  records: DataRecord[];
  /** The page for the paginator; absent when selection failed or nothing was read. */
  unpaginated?: UnpaginatedPage;
  streamed?: StreamedPage;
  failure?: { error: unknown };
}

/**
 * Reads one page of a slice: builds its request (the requester's, the page token, the slice's options),
 * lets the progress guard check it, sends it and selects its records, and hands all that back without
 * touching the page being handed out, so that the next page can be read while the current one is
 * still being taken. Undefined when the read ended while the request was in flight.
 *
 * @example
 * const fetched = await fetchPage(parts, { page: 2, token: 100, signal, ended: () => done });
 */
export async function fetchPage(parts: PageReaderParts, at: { page: number; token: unknown; chunks?: string[][]; signal?: AbortSignal; ended(): boolean }): Promise<FetchedPage | undefined> {
  const { stream, slice, requester, selector, guard, decoder } = parts;
  const { page, token } = at;
  const send: SendOptions = decoder ? { signal: at.signal, where: { stream, page }, readBytes: decoder.readsBytes() } : { signal: at.signal, where: { stream, page } };
  if (at.chunks) return fetchChunkedPage(parts, at, send);
  const requesting = pageRequest(parts, slice, token);
  const request = isThenable(requesting) ? await requesting : requesting;
  guard.beforeRequest(page, token, requestSignature(request));
  const sent = await requester.send(request, send);
  if (at.ended()) return undefined;
  const decoded = decoder && !sent.ignored ? withDecoder(sent, decoder) : sent;
  const response = isThenable(decoded) ? await decoded : decoded;
  const stats = pausingStats();
  const fetched: FetchedPage = { page, records: [] };
  const locate = (error: unknown): unknown => (error instanceof SluiceError ? error.locate({ stream, page }) : error);
  try {
    const selecting = selector.select(response, { streamSlice: slice, nextPageToken: token, signal: at.signal }, stats);
    // Awaited only when it is a promise (a Python extractor's or filter's): the built-ins' pages stay synchronous.
    const selected = isThenable(selecting) ? await selecting : selecting;
    if (at.ended()) return undefined;
    if (decoder?.isStreamResponse() && !sent.ignored) {
      fetched.streamed = new StreamedPage(selected[Symbol.iterator](), response, stats, locate);
      return fetched;
    }
    // A page selected as one array is kept as it is; records yielded one by one are collected (those
    // before a failure stay), giving the event loop a turn at each pause so that a stop is handled.
    if (Array.isArray(selected)) fetched.records = selected as DataRecord[];
    else if (!(await takeSelected(selected, (record) => fetched.records.push(record), at))) return undefined;
  } catch (error) {
    // Stopped while the page was being selected: the read ends with the stop's reason, as a request aborted in flight does.
    if (at.signal?.aborted) throw error;
    // A decoder or extractor failing on the body: the error learns which stream and page.
    fetched.failure = { error: locate(error) };
  }
  if (!fetched.failure) fetched.unpaginated = { response, rawCount: stats.rawCount };
  return fetched;
}

/** A page of a requester with `QueryProperties`: one request per chunk, records merged by key (chunked-page.ts). */
async function fetchChunkedPage(parts: PageReaderParts, at: { page: number; token: unknown; chunks?: string[][]; signal?: AbortSignal; ended(): boolean }, send: SendOptions): Promise<FetchedPage | undefined> {
  const { stream, slice, selector, guard, decoder, requester } = parts;
  const { page, token } = at;
  const read = await readChunkedPage(at.chunks!, {
    slice,
    selector,
    queryProperties: requester.queryProperties!,
    nextPageToken: token,
    signal: at.signal,
    ended: at.ended,
    request: (chunkSlice) => pageRequest(parts, chunkSlice, token),
    check: (request) => guard.beforeRequest(page, token, requestSignature(request)),
    send: async (request) => {
      const sent = await requester.send(request, send);
      if (at.ended()) return undefined;
      return decoder && !sent.ignored ? await withDecoder(sent, decoder) : sent;
    },
  });
  if (!read) return undefined;
  const fetched: FetchedPage = { page, records: read.records };
  if (read.failure) fetched.failure = { error: read.failure.error instanceof SluiceError ? read.failure.error.locate({ stream, page }) : read.failure.error };
  else if (read.last) fetched.unpaginated = read.last;
  return fetched;
}

/** The request of a page: the requester's, with the page token and the slice's options. */
function pageRequest(parts: PageReaderParts, slice: PageReaderParts["slice"], token: unknown): Awaitable<OutgoingRequest> {
  const { requester, paginator, slicer } = parts;
  const hasToken = token !== undefined && token !== null;
  // A Python requester's or router's request options come as a promise; the built-ins' at once.
  return thenMaybe(requester.buildRequest({ nextPageToken: token, streamSlice: slice, pagePath: hasToken ? paginator.pagePath(token) : undefined, streamState: parts.state?.() }), (request) => {
    paginator.applyToRequest(request, token);
    if (slicer && !(hasToken && parts.sliceOptionsOnFirstPageOnly)) return thenMaybe(slicer.applyToRequest(request, slice), () => request);
    return request;
  });
}
