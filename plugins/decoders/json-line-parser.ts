import { parseJson } from "../../python/exact-json.js";
import { defineComponent, jsonSchema, Logger, Parser, SluiceError, Type, type ComponentFactory } from "../../sdk/index.js";
import type { RECORD_LIMITS } from "./record-limits.js";
import { textDecoderFor, textLines } from "./text-encoding.js";

/**
 * `JsonLineParser`: one JSON document per line (JSON Lines / NDJSON), read chunk by chunk, so a large
 * export never sits in memory decoded. `encoding` defaults to `utf-8`. A blank line is skipped; a line
 * that is not JSON is skipped with a warning giving its line number, as the kit does. Lines are split
 * in linear time; one longer than 64 Mi characters fails with `DECODER_RECORD_TOO_LARGE`.
 *
 * Modelled on Amplitude's export API (`GET /api/2/export`: a zip of gzipped JSON Lines files) and
 * Iterable's `GET /api/export/data.json`, whose body is
 * `{"email":"a@example.com","createdAt":"2024-01-01"}\n{"email":"b@example.com",...}\n`.
 *
 * @example
 * decoder:
 *   type: CompositeRawDecoder
 *   parser: { type: JsonLineParser, encoding: utf-8 }
 */
export const JsonLineParserComponent: ComponentFactory<Parser> = defineComponent({
  type: "JsonLineParser",
  kind: "parser",
  description: "Parses one JSON document per line",
  schema: Type.Object({ encoding: Type.Optional(jsonSchema<string | null>({ type: ["string", "null"] })) }),
  build: (def, ctx) => {
    textDecoderFor(def.encoding, `${ctx.path}.encoding`);
    return new JsonLineParser({ encoding: def.encoding ?? undefined, manifestPath: ctx.path, logger: ctx.get(Logger) });
  },
});

/** The built parser; see {@link JsonLineParserComponent}. */
export class JsonLineParser extends Parser {
  /** `maxLineChars`: the longest line, default {@link RECORD_LIMITS}.lineChars (`DECODER_RECORD_TOO_LARGE` past it). */
  constructor(private readonly options: { encoding?: string; manifestPath?: string; logger?: Logger; maxLineChars?: number } = {}) {
    super();
  }

  *parse(chunks: Iterable<Uint8Array>): Generator<unknown> {
    const decoder = textDecoderFor(this.options.encoding, `${this.options.manifestPath ?? "parser"}.encoding`);
    let number = 0;
    for (const line of textLines(chunks, decoder, { maxChars: this.options.maxLineChars, component: "JsonLineParser" })) {
      number++;
      if (line.trim() === "") continue;
      let document: unknown;
      try {
        document = parseJson(line);
      } catch (error) {
        if (error instanceof SluiceError) throw error; // a number no float holds: not a line to skip
        this.options.logger?.warn(`JsonLineParser: line ${number} is not JSON; skipped`, { error: (error as Error).message });
        continue;
      }
      yield document;
    }
  }
}
