import { componentSchema, defineComponent, Type, type ComponentFactory, type Decoder } from "../../sdk/index.js";
import { CompositeRawDecoder } from "./composite-raw-decoder.js";
import { loadFflate } from "./decoder-packages.js";
import { GzipParser } from "./gzip-parser.js";
import { parserOfDecoder } from "./parser-of-decoder.js";

/**
 * `GzipDecoder`: the body is gzip-compressed; the inner `decoder` (`JsonDecoder`, `JsonlDecoder`,
 * `CsvDecoder` or another `GzipDecoder`) reads the decompressed bytes, a chunk at a time. A body the
 * HTTP client already decompressed (`Content-Encoding: gzip`) or that is not gzip reaches the inner
 * decoder unchanged, so one definition serves every way a server sends gzip. (The kit's newer name
 * for `CompositeRawDecoder` with a `GzipParser`.)
 *
 * Modelled on Amazon Seller Partner report documents, gzipped JSON or tab-separated text served with
 * `Content-Type: application/octet-stream`.
 *
 * @example
 * download_decoder:
 *   type: GzipDecoder
 *   decoder: { type: CsvDecoder, delimiter: "\\t" }
 */
export const GzipDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "GzipDecoder",
  kind: "decoder",
  description: "Decompresses gzip for an inner decoder",
  schema: Type.Object({ decoder: componentSchema("decoder") }),
  build: async (_def, ctx) => new CompositeRawDecoder(new GzipParser(parserOfDecoder(await ctx.build<Decoder>("decoder"), `${ctx.path}.decoder`), await loadFflate())),
});
