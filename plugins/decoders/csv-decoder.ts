import { defineComponent, type ComponentFactory, type Decoder } from "../../sdk/index.js";
import { CompositeRawDecoder } from "./composite-raw-decoder.js";
import { CsvOptionsSchema, csvParserFrom } from "./csv-parser.js";

/**
 * `CsvDecoder`: the body is CSV with a header row; one document per row (the kit's newer name for a
 * `CompositeRawDecoder` with a `CsvParser`; the same options: `encoding` default `utf-8`,
 * `delimiter` default `,`, `set_values_to_none`). Read row by row as the body is parsed.
 *
 * Modelled on CSV exports such as `GET /export/contacts.csv`: `id,email\n1,a@example.com\n` gives
 * `{ id: "1", email: "a@example.com" }`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder: { type: CsvDecoder, delimiter: ";" }
 */
export const CsvDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "CsvDecoder",
  kind: "decoder",
  description: "Decodes CSV with a header row, one document per row",
  schema: CsvOptionsSchema,
  build: async (def, ctx) => new CompositeRawDecoder(await csvParserFrom(def, ctx.path)),
});
