import { definePlugin } from "../../sdk/index.js";
import { JsonDecoderComponent } from "./json-decoder.js";
import { JsonlDecoderComponent } from "./jsonl-decoder.js";
import { XmlDecoderComponent } from "./xml-decoder.js";
import { IterableDecoderComponent } from "./iterable-decoder.js";
import { CompositeRawDecoderComponent } from "./composite-raw-decoder.js";
import { GzipDecoderComponent } from "./gzip-decoder.js";
import { CsvDecoderComponent } from "./csv-decoder.js";
import { ZipfileDecoderComponent } from "./zipfile-decoder.js";
import { JsonItemsDecoderComponent } from "./json-items-decoder.js";
import { JsonParserComponent } from "./json-parser.js";
import { JsonLineParserComponent } from "./json-line-parser.js";
import { CsvParserComponent } from "./csv-parser.js";
import { GzipParserComponent } from "./gzip-parser.js";

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
    ctx.registerComponent(JsonlDecoderComponent);
    ctx.registerComponent(XmlDecoderComponent);
    ctx.registerComponent(IterableDecoderComponent);
    ctx.registerComponent(CompositeRawDecoderComponent);
    ctx.registerComponent(GzipDecoderComponent);
    ctx.registerComponent(CsvDecoderComponent);
    ctx.registerComponent(ZipfileDecoderComponent);
    ctx.registerComponent(JsonItemsDecoderComponent);
    ctx.registerComponent(JsonParserComponent);
    ctx.registerComponent(JsonLineParserComponent);
    ctx.registerComponent(CsvParserComponent);
    ctx.registerComponent(GzipParserComponent);
  },
});
