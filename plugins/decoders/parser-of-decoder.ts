import { ManifestError, type Decoder, type Parser } from "../../sdk/index.js";
import { CompositeRawDecoder } from "./composite-raw-decoder.js";
import { JsonDecoder } from "./json-decoder.js";
import { JsonParser } from "./json-parser.js";

/**
 * The parser behind a decoder that nests inside `GzipDecoder` or `ZipfileDecoder` (`JsonDecoder`,
 * `JsonlDecoder`, `CsvDecoder`, `GzipDecoder`, `CompositeRawDecoder`); any other is a build error,
 * as in the kit (an XML or custom decoder reads a response, not a byte stream).
 *
 * @example
 * parserOfDecoder(await ctx.build<Decoder>("decoder"), `${ctx.path}.decoder`); // JsonLineParser for a JsonlDecoder
 */
export function parserOfDecoder(decoder: Decoder, manifestPath: string): Parser {
  if (decoder instanceof CompositeRawDecoder) return decoder.parser;
  if (decoder instanceof JsonDecoder) return new JsonParser();
  throw new ManifestError("DECODER_NOT_NESTABLE", `A ${decoder.constructor.name} cannot decode the content of an archive`, {
    where: { manifestPath },
    expected: "JsonDecoder, JsonlDecoder, JsonItemsDecoder, CsvDecoder or GzipDecoder",
    found: decoder.constructor.name,
  });
}
