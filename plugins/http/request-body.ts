/**
 * A built typed `request_body` (`RequestBodyJsonObject`, `RequestBodyUrlEncodedForm`,
 * `RequestBodyPlainText`, `RequestBodyGraphQL`): as in the kit, it stands for the older fields, a JSON
 * body (`request_body_json`) or a form or text body (`request_body_data`), whose templates it uses.
 *
 * @example
 * // request_body: { type: RequestBodyJsonObject, value: { since: "{{ stream_interval.start_time }}" } }
 * { kind: "request_body", slot: "json", value: { since: "{{ stream_interval.start_time }}" } }
 */
export interface TypedRequestBody {
  readonly kind: "request_body";
  /** `json`: sent as `request_body_json` is; `data`: as `request_body_data` is. */
  readonly slot: "json" | "data";
  /** The body's value, templates not yet evaluated. */
  readonly value: unknown;
}
