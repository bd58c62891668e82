/**
 * Parses a byte stream into documents: the parsers of `CompositeRawDecoder` and `ZipfileDecoder`
 * (`JsonLineParser`, `CsvParser`, `GzipParser` around another parser, `JsonParser`). The input is an
 * iterable of chunks, so a parser nested in `GzipParser` sees the decompressed bytes a chunk at a time
 * and yields documents as it goes; a chunk may end in the middle of a line or a UTF-8 character.
 *
 * @example
 * class Lines extends Parser {
 *   *parse(chunks: Iterable<Uint8Array>) {
 *     const decoder = new TextDecoder();
 *     let text = "";
 *     for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
 *     for (const line of text.split("\n")) if (line) yield { line };
 *   }
 * }
 */
export abstract class Parser {
  /**
   * The documents in the bytes, lazily. A parser that decompresses (`GzipParser`) counts what it
   * produces against `options.maxBytes` and hands `options` on to its inner parser.
   */
  abstract parse(chunks: Iterable<Uint8Array>, options?: ParseOptions): Iterable<unknown>;
}

/**
 * What a decoder tells its parser about the body being parsed.
 *
 * @example
 * parser.parse(chunksOf(response.bytes()), { maxBytes: response.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES });
 */
export interface ParseOptions {
  /** The most bytes a decompression may produce from this body (`http.maxResponseBytes`; default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBytes?: number;
}

/**
 * The default of `http.maxResponseBytes` (`--max-response-bytes`): 100 MiB, counted after every decompression.
 *
 * @example
 * const limit = response.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
 */
export const DEFAULT_MAX_BODY_BYTES = 100 * 1024 * 1024;

/**
 * The chunk size {@link chunksOf} cuts a body into: 64 KiB.
 *
 * @example
 * for (const chunk of chunksOf(bytes, CHUNK_BYTES / 4)) parser.push(chunk); // 16 KiB pieces
 */
export const CHUNK_BYTES = 64 * 1024;

/**
 * A body as a sequence of chunks (views into the same memory, no copies), for a {@link Parser}.
 *
 * @example
 * for (const document of parser.parse(chunksOf(response.bytes()))) use(document);
 */
export function* chunksOf(bytes: Uint8Array, size = CHUNK_BYTES): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, Math.min(bytes.length, start + size));
}
