import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";
import type { TypedRequestBody } from "./request-body.js";

/**
 * `RequestBodyUrlEncodedForm`: the request body is `value` as a URL-encoded form (the kit's replacement
 * for a mapping in `request_body_data`); sent as `application/x-www-form-urlencoded`.
 *
 * @example
 * request_body:
 *   type: RequestBodyUrlEncodedForm
 *   value:
 *     grant_type: client_credentials
 *     since: "{{ stream_interval.start_time }}"
 */
export const RequestBodyUrlEncodedFormComponent: ComponentFactory<TypedRequestBody> = defineComponent({
  type: "RequestBodyUrlEncodedForm",
  kind: "request_body",
  description: "Request body value is converted into a url-encoded form",
  examples: [{ value: { status: "active", since: "{{ stream_interval.start_time }}" } }],
  schema: Type.Object({ value: Type.Record(Type.String(), Type.String()) }, { title: "URL-encoded Body" }),
  build: (def) => ({ kind: "request_body", slot: "data", value: def.value }),
});
