import { decodeFailure } from "./decode-failure.js";
import type { Fflate } from "./decoder-packages.js";
import { DecompressedBytes } from "./decompressed-bytes.js";

/** The compressed bytes pushed to the inflater at a time: a deflate stream expands at most ~1000x, so one push yields at most ~16 MB. */
export const INFLATE_INPUT_BYTES = 16 * 1024;

/** One file of a zip archive, its content decompressed a piece at a time as it is read. */
interface ZipEntry {
  name: string;
  /** The decompressed content, chunk by chunk; read it before asking for the next entry. */
  content: Iterable<Uint8Array>;
}

type ZipEvent = { kind: "start"; name: string } | { kind: "data"; data: Uint8Array } | { kind: "end" };

/**
 * The files of a zip archive in the order they are stored (folders skipped), each decompressed chunk
 * by chunk while its reader takes the chunks (fflate's streaming unzip, which is synchronous): only a
 * piece of one file is held decompressed at a time. The files' decompressed bytes, all together,
 * are counted against `maxBytes` (`HTTP_RESPONSE_TOO_LARGE` past it, naming the file). Data that is
 * not a zip archive, a truncated archive and an unsupported compression method fail with
 * `DECODER_INVALID_BODY`.
 *
 * @example
 * for (const entry of zipEntries(response.bytes(), await loadFflate(), response.maxBodyBytes)) for (const doc of parser.parse(entry.content)) use(doc);
 */
export function* zipEntries(archive: Uint8Array, fflate: Fflate, maxBytes?: number): Generator<ZipEntry> {
  if (!isZip(archive)) throw failure(`${archive.length} bytes that are not a zip archive`);
  const events = unzipEvents(archive, fflate, new DecompressedBytes("ZipfileDecoder", maxBytes));
  for (let event = events.next(); !event.done; event = events.next()) {
    if (event.value.kind !== "start") continue;
    const name = event.value.name;
    const content = fileContent(events, name);
    if (!name.endsWith("/")) yield { name, content };
    // Whatever the reader left of this file (or a folder's empty content) is skipped.
    for (let rest = content.next(); !rest.done; rest = content.next());
  }
}

/** A zip archive starts with a local file header (`PK\x03\x04`), or is empty (`PK\x05\x06`). */
function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

function* fileContent(events: Iterator<ZipEvent>, name: string): Generator<Uint8Array> {
  for (let event = events.next(); ; event = events.next()) {
    if (event.done) throw failure(`an archive that ends inside file '${name}'`);
    if (event.value.kind === "end") return;
    if (event.value.kind === "data") yield event.value.data;
  }
}

function* unzipEvents(archive: Uint8Array, fflate: Fflate, counted: DecompressedBytes): Generator<ZipEvent> {
  const queue: ZipEvent[] = [];
  let error: Error | undefined;
  let current = "";
  let counting = "";
  const unzip = new fflate.Unzip();
  unzip.register(fflate.UnzipInflate);
  unzip.onfile = (file) => {
    current = file.name;
    queue.push({ kind: "start", name: file.name });
    file.ondata = (problem, data, final) => {
      if (problem) error = problem;
      else {
        if (data.length > 0) queue.push({ kind: "data", data });
        if (final) queue.push({ kind: "end" });
      }
    };
    file.start();
  };
  for (let start = 0; start < archive.length; start += INFLATE_INPUT_BYTES) {
    const end = Math.min(archive.length, start + INFLATE_INPUT_BYTES);
    try {
      unzip.push(archive.subarray(start, end), end === archive.length);
    } catch (problem) {
      error = problem as Error;
    }
    if (error) throw failure(`corrupt zip data${current ? ` in file '${current}'` : ""} (${error.message})`, error);
    while (queue.length > 0) {
      const event = queue.shift()!;
      if (event.kind === "start") counting = event.name;
      else if (event.kind === "data") counted.add(event.data.length, `file '${counting}' of the archive`);
      yield event;
    }
  }
}

function failure(found: string, cause?: unknown): Error {
  return decodeFailure({ component: "ZipfileDecoder", expected: "a zip archive", found, cause });
}
