import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";
import type { TypedRequestBody } from "./request-body.js";

/**
 * `RequestBodyPlainText`: the request body is the text `value` (a template), sent as it renders, with no
 * Content-Type of its own (as the kit's `request_body_data` string; set one in `request_headers`).
 *
 * @example
 * request_body:
 *   type: RequestBodyPlainText
 *   value: "SELECT * FROM events WHERE id > {{ stream_interval.start }}"
 */
export const RequestBodyPlainTextComponent: ComponentFactory<TypedRequestBody> = defineComponent({
  type: "RequestBodyPlainText",
  kind: "request_body",
  description: "Request body value is sent as plain text",
  examples: [{ value: "query=active" }],
  schema: Type.Object({ value: Type.String() }, { title: "Plain-text Body" }),
  build: (def) => ({ kind: "request_body", slot: "data", value: def.value }),
});
