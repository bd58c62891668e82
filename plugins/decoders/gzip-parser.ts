import { componentSchema, defineComponent, Parser, Type, type ComponentFactory, type ParseOptions } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import { DecompressedBytes } from "./decompressed-bytes.js";
import { loadFflate, type Fflate } from "./decoder-packages.js";
import { INFLATE_INPUT_BYTES } from "./unzip-entries.js";

/**
 * `GzipParser`: decompresses gzip and hands the bytes to its `inner_parser`, a chunk at a time (the
 * decompressed file is never held whole). Bytes that do not start with the gzip magic number
 * (`1f 8b`) pass through unchanged, as in the kit: a body the HTTP client already decompressed
 * (`Content-Encoding: gzip`) reads the same. Concatenated gzip members are read one after the other.
 * Compressed input is inflated 16 KiB at a time, so even a gzip bomb reaches the inner parser in
 * bounded pieces, and the decompressed bytes are counted against `http.maxResponseBytes`
 * (`HTTP_RESPONSE_TOO_LARGE` past it). Decompression is done by fflate (imported when the parser is built), whose streaming inflater is synchronous and so fits a parser that
 * yields documents as it goes.
 *
 * Modelled on gzipped exports: Amplitude's `GET /api/2/export` (gzipped JSON Lines inside a zip) and
 * Amazon Seller Partner report documents (`compressionAlgorithm: GZIP`).
 *
 * @example
 * decoder:
 *   type: CompositeRawDecoder
 *   parser:
 *     type: GzipParser
 *     inner_parser: { type: JsonLineParser }
 */
export const GzipParserComponent: ComponentFactory<Parser> = defineComponent({
  type: "GzipParser",
  kind: "parser",
  description: "Decompresses gzip for an inner parser",
  fieldDefaults: { inner_parser: "JsonParser" },
  schema: Type.Object({ inner_parser: componentSchema("parser") }),
  build: async (_def, ctx) => new GzipParser(await ctx.build<Parser>("inner_parser"), await loadFflate()),
});

/** The built parser; see {@link GzipParserComponent}. */
export class GzipParser extends Parser {
  /** `fflate` is the fflate module (`await loadFflate()`). */
  constructor(
    readonly innerParser: Parser,
    private readonly fflate: Fflate,
  ) {
    super();
  }

  parse(chunks: Iterable<Uint8Array>, options?: ParseOptions): Iterable<unknown> {
    return this.innerParser.parse(gunzipped(chunks, this.fflate, new DecompressedBytes("GzipParser", options?.maxBytes)), options);
  }
}

/** The decompressed chunks of gzip bytes (or the bytes themselves when they are not gzip), counted by `counted`. */
function* gunzipped(chunks: Iterable<Uint8Array>, fflate: Fflate, counted = new DecompressedBytes("GzipParser")): Generator<Uint8Array> {
  const input = chunks[Symbol.iterator]();
  let first = input.next();
  while (!first.done && first.value.length === 0) first = input.next();
  if (first.done) return;
  const head = first.value;
  if (!(head[0] === 0x1f && (head.length < 2 || head[1] === 0x8b))) {
    yield head;
    for (let next = input.next(); !next.done; next = input.next()) yield next.value;
    return;
  }
  const out: Uint8Array[] = [];
  const gunzip = new fflate.Gunzip((data) => {
    if (data.length > 0) out.push(data);
  });
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      gunzip.push(chunk, final);
    } catch (error) {
      throw decodeFailure({ component: "GzipParser", expected: "gzip-compressed data", found: `corrupt gzip data (${(error as Error).message})`, cause: error });
    }
  };
  const pieces = inflateSized(head, input);
  let current = pieces.next();
  while (!current.done) {
    const next = pieces.next();
    push(current.value, next.done === true);
    current = next;
    while (out.length > 0) {
      const piece = out.shift()!;
      counted.add(piece.length);
      yield piece;
    }
  }
}

/** The compressed input in pieces of at most {@link INFLATE_INPUT_BYTES}, so one push never expands past ~16 MB. */
function* inflateSized(head: Uint8Array, rest: Iterator<Uint8Array>): Generator<Uint8Array> {
  for (let chunk: IteratorResult<Uint8Array> = { done: false, value: head }; !chunk.done; chunk = rest.next()) {
    for (let start = 0; start < chunk.value.length; start += INFLATE_INPUT_BYTES) yield chunk.value.subarray(start, start + INFLATE_INPUT_BYTES);
  }
}
