import { Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";
import type { TypedRequestBody } from "./request-body.js";

/**
 * `RequestBodyJsonObject`: the request body is `value` as a JSON object (the kit's replacement for
 * `request_body_json`), templates evaluated with the requester's names; sent as `application/json`.
 *
 * @example
 * request_body:
 *   type: RequestBodyJsonObject
 *   value:
 *     filter: { updated_after: "{{ stream_interval.start_time }}" }
 *     limit: 100
 */
export const RequestBodyJsonObjectComponent: ComponentFactory<TypedRequestBody> = defineComponent({
  type: "RequestBodyJsonObject",
  kind: "request_body",
  description: "Request body value converted into a JSON object",
  examples: [{ value: { sort_order: "ASC", since: "{{ stream_interval.start_time }}" } }],
  schema: Type.Object({ value: jsonSchema<Record<string, unknown>>({ type: "object", additionalProperties: true }) }, { title: "Json Object Body" }),
  build: (def) => ({ kind: "request_body", slot: "json", value: def.value }),
});
