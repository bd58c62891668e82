import { parseJson } from "../../python/exact-json.js";
import { defineComponent, jsonDocuments, jsonSchema, Parser, SluiceError, Type, type ComponentFactory } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import { textDecoderFor } from "./text-encoding.js";

/**
 * `JsonParser`: the bytes are one JSON document (in `encoding`, default `utf-8`); its documents are
 * a top-level array's items, otherwise the document. JSON cannot be parsed before its end, so the
 * whole text is read first. A body that is not JSON fails with `DECODER_INVALID_BODY`, as the kit fails.
 * Mostly used inside `GzipParser` for gzipped JSON.
 *
 * @example
 * decoder:
 *   type: CompositeRawDecoder
 *   parser: { type: GzipParser, inner_parser: { type: JsonParser } }
 */
export const JsonParserComponent: ComponentFactory<Parser> = defineComponent({
  type: "JsonParser",
  kind: "parser",
  description: "Parses one JSON document",
  schema: Type.Object({ encoding: Type.Optional(jsonSchema<string | null>({ type: ["string", "null"] })) }),
  build: (def, ctx) => {
    textDecoderFor(def.encoding, `${ctx.path}.encoding`);
    return new JsonParser(def.encoding ?? undefined);
  },
});

/** The built parser; see {@link JsonParserComponent}. */
export class JsonParser extends Parser {
  constructor(private readonly encoding?: string) {
    super();
  }

  *parse(chunks: Iterable<Uint8Array>): Generator<unknown> {
    const decoder = textDecoderFor(this.encoding, "JsonParser.encoding");
    let text = "";
    for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    let body: unknown;
    try {
      body = parseJson(text);
    } catch (error) {
      if (error instanceof SluiceError) throw error;
      throw decodeFailure({ component: "JsonParser", expected: "a JSON document", found: `a body starting ${JSON.stringify(text.slice(0, 80))}`, cause: error });
    }
    yield* jsonDocuments(body);
  }
}
