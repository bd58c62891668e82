import { definePlugin } from "../../sdk/index.js";
import { JsonDecoderComponent } from "./json-decoder.js";

/**
 * Decoders: how a response body becomes documents (JSON, JSON Lines, CSV, XML, lines of text, gzip
 * and zip archives), and the parsers `CompositeRawDecoder` and `ZipfileDecoder` combine.
 *
 * @example
 * retriever: { type: SimpleRetriever, decoder: { type: JsonlDecoder }, ... }
 */
export const decodersPlugin = definePlugin({
  name: "sluice:decoders",
  register(ctx) {
    ctx.registerComponent(JsonDecoderComponent);
  },
});
