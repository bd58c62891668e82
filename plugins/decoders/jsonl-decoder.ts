import { defineComponent, Logger, Type, type ComponentFactory, type Decoder } from "../../sdk/index.js";
import { CompositeRawDecoder } from "./composite-raw-decoder.js";
import { JsonLineParser } from "./json-line-parser.js";

/**
 * `JsonlDecoder`: the body is JSON Lines, one document per line, read line by line as it is parsed
 * (a `CompositeRawDecoder` with a `JsonLineParser`, as in the kit). A line that is not JSON is skipped
 * with a warning.
 *
 * Modelled on Iterable's export API, `GET /api/export/data.json?dataTypeName=emailSend`:
 * ```
 * {"email":"a@example.com","createdAt":"2024-01-01 10:00:00 +00:00","campaignId":1}
 * {"email":"b@example.com","createdAt":"2024-01-01 10:05:00 +00:00","campaignId":1}
 * ```
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder: { type: JsonlDecoder }
 *   record_selector: { extractor: { field_path: [] } }
 */
export const JsonlDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "JsonlDecoder",
  kind: "decoder",
  description: "Decodes JSON Lines, one document per line",
  schema: Type.Object({}),
  build: (_def, ctx) => new CompositeRawDecoder(new JsonLineParser({ manifestPath: ctx.path, logger: ctx.get(Logger) })),
});
