import { isThenable, makeSlice, type Awaitable, sliceCursor, sliceExtraFields, slicePartition, type DataRecord, type HttpResponse, type OutgoingRequest, type QueryProperties, type RecordSelector, type StreamSlice } from "../../sdk/index.js";
import { pausingStats, takeSelected } from "./take-selected.js";

/** What reading one page in chunks of query properties needs from the page reader. */
interface ChunkedPageParts {
  slice: StreamSlice;
  selector: RecordSelector;
  queryProperties: QueryProperties;
  /** The page's request for a slice (token, slice options, requester's templates). */
  request(slice: StreamSlice): Awaitable<OutgoingRequest>;
  /** Called with the first chunk's request (the progress guard checks one request per page). */
  check(request: OutgoingRequest): void;
  /** Sends a request; the response is decoded as the retriever's decoder says. */
  send(request: OutgoingRequest): Promise<HttpResponse | undefined>;
  nextPageToken: unknown;
  /** The read's signal and whether it ended: a chunk's selection gives the event loop turns (take-selected.ts). */
  signal?: AbortSignal;
  ended(): boolean;
}

/** The records of a chunked page, the last chunk's response (what the paginator reads), and a failure. */
interface ChunkedPage {
  records: DataRecord[];
  last?: { response: HttpResponse; rawCount: number };
  failure?: { error: unknown };
}

/**
 * A page of a requester with `QueryProperties`, as the kit reads it: one request per chunk of properties
 * with the same page token; records with the same merge key are merged (nested objects merged too),
 * records without one are kept as they are (first); the paginator sees the last chunk's response.
 * Undefined when the read was ended while a request was in flight.
 *
 * @example
 * const page = await readChunkedPage(chunks, { slice, selector, queryProperties, request, check, send, nextPageToken });
 */
export async function readChunkedPage(chunks: readonly string[][], parts: ChunkedPageParts): Promise<ChunkedPage | undefined> {
  const merged = new Map<string, DataRecord>();
  const page: ChunkedPage = { records: [] };
  for (const [i, chunk] of chunks.entries()) {
    const slice = makeSlice(slicePartition(parts.slice), sliceCursor(parts.slice), { ...sliceExtraFields(parts.slice), query_properties: chunk });
    const requesting = parts.request(slice);
    const request = isThenable(requesting) ? await requesting : requesting;
    if (i === 0) parts.check(request);
    const response = await parts.send(request);
    if (!response) return undefined;
    const stats = pausingStats();
    const take = (record: DataRecord) => {
      const key = parts.queryProperties.mergeKey(record);
      const into = key === undefined ? undefined : merged.get(key);
      if (key === undefined) page.records.push(record);
      else if (into) deepMerge(into, record);
      else merged.set(key, record);
    };
    try {
      const selected = parts.selector.select(response, { streamSlice: slice, nextPageToken: parts.nextPageToken, signal: parts.signal }, stats);
      if (!(await takeSelected(isThenable(selected) ? await selected : selected, take, parts))) return undefined;
    } catch (error) {
      if (parts.signal?.aborted) throw error; // stopped while selecting: the read ends with the stop's reason
      page.failure = { error };
      break;
    }
    page.last = { response, rawCount: stats.rawCount };
  }
  page.records.push(...merged.values());
  return page;
}

/** Merges `source` into `target`, nested objects key by key (the kit's `_deep_merge`). */
function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isPlainObject(existing) && isPlainObject(value)) deepMerge(existing, value);
    else target[key] = value;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
