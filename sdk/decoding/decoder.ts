import type { Awaitable } from "../components/awaitable.js";
import type { HttpResponse } from "../http/http-response.js";

/**
 * Turns a response body into the documents records are extracted from (the kit's `Decoder`): a JSON
 * object, each line of a JSON Lines file, each row of a CSV file, the dictionary of an XML document.
 * The extractor then applies its `field_path` to every document.
 *
 * `decode` returns a lazy iterable where the format allows it: a decoder that reads `response.bytes()`
 * chunk by chunk (gzip, CSV, JSON Lines) never holds the decompressed or decoded whole in memory,
 * only the current chunk and the documents not yet taken. Such a decoder says so with
 * {@link Decoder.isStreamResponse}; a paginator then sees an empty document, as in the kit.
 *
 * A custom decoder (`CustomDecoder` in a manifest) extends this class.
 *
 * @example
 * import { Decoder, type HttpResponse } from "sluice/sdk";
 *
 * // retriever: { decoder: { type: CustomDecoder, class_name: source_acme.components.PipeSeparated } }
 * export class PipeSeparated extends Decoder {
 *   *decode(response: HttpResponse) {
 *     for (const line of response.text().split("\n")) if (line) yield { fields: line.split("|") };
 *   }
 * }
 */
export abstract class Decoder {
  /**
   * True when {@link decode} reads the body as a stream of chunks and pagination cannot look at the
   * documents (the kit's `is_stream_response`). Default false.
   */
  isStreamResponse(): boolean {
    return false;
  }

  /**
   * Whether the decoder reads `response.bytes()` (binary formats: gzip, zip, non-UTF-8 text). The
   * HTTP client then keeps the body as bytes instead of decoding it as UTF-8 text. Default false.
   */
  readsBytes(): boolean {
    return false;
  }

  /** The documents of one response body, lazily where the format allows. */
  /** A non-streaming decoder may answer with a promise of its documents (a Python decoder's), which the read awaits once per response. */
  abstract decode(response: HttpResponse): Awaitable<Iterable<unknown>>;
}
