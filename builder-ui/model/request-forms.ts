import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";

/**
 * A stream's request options as key/value lists (the product's "Query Parameters", "Request Headers"
 * and "Request Body"), each a mapping of the requester whose values are templates. The server
 * answers each path with the resolved mapping and where it is written; a key/value edit writes one
 * key there. `next_page_token` is how a value carries the paginator's token when the pagination
 * form's injection cannot express it (the product's custom parameter injection).
 *
 * @example
 * // request_parameters: { page: "{{ next_page_token['next_page_token'] or '0' }}" }
 */
export interface KeyValueListField {
  id: string;
  /** The product's label: the group's accessible name. */
  title: string;
  path: string;
  /** The singular noun for the add button ("Add query parameter"). */
  noun: string;
}

/** The template variables of every request value (the requester's context). */
export const REQUEST_VARIABLES = ["config", "next_page_token (e.g. {{ next_page_token['next_page_token'] }})", "stream_partition", "stream_slice", "stream_interval", "stream_state"] as const;

const REQUESTER = "streams[*].retriever.requester";

export const QUERY_PARAMETERS: KeyValueListField = { id: "request-parameters", title: "Query Parameters", path: `${REQUESTER}.request_parameters`, noun: "query parameter" };
export const REQUEST_HEADERS: KeyValueListField = { id: "request-headers", title: "Request Headers", path: `${REQUESTER}.request_headers`, noun: "header" };
export const BODY_JSON: KeyValueListField = { id: "request-body-json", title: "Request Body", path: `${REQUESTER}.request_body_json`, noun: "body property" };
export const BODY_DATA: KeyValueListField = { id: "request-body-data", title: "Request Body", path: `${REQUESTER}.request_body_data`, noun: "body property" };

/** The "Body Type" choices: which requester field the body's key/value list is (or none). */
export type BodyType = "none" | "json" | "data" | "json-text";

export const BODY_TYPES: ReadonlyArray<{ value: BodyType; label: string }> = [
  { value: "none", label: "None" },
  { value: "json", label: "JSON (key-value pairs)" },
  { value: "data", label: "Form encoded (key-value pairs)" },
  { value: "json-text", label: "JSON (free form)" },
];

/** Every path the request section asks the server about. */
export const REQUEST_FIELD_PATHS: readonly string[] = [QUERY_PARAMETERS.path, REQUEST_HEADERS.path, BODY_JSON.path, BODY_DATA.path];

/** The body type of a resolved requester's body fields: JSON wins when both are set, as the engine sends it. */
export function bodyTypeOf(json: unknown, data: unknown): BodyType {
  if (typeof json === "string") return "json-text";
  if (json !== undefined && json !== null) return "json";
  if (data !== undefined && data !== null) return "data";
  return "none";
}

/**
 * Writes the body type chosen: the other body field removed (where it is written), the chosen one
 * started empty unless it already holds a body of that kind (`json`/`data` a mapping, `json-text` a string).
 *
 * @example
 * chooseBodyType(model, [...login, "request_body_json"], [...login, "request_body_data"], "data")
 * // request_body_json removed; request_body_data: {}
 */
export function chooseBodyType(model: ManifestModel, json: readonly Segment[], data: readonly Segment[], next: BodyType): ManifestModel {
  if (bodyTypeOf(model.valueAt(json), model.valueAt(data)) === next) return model;
  if (next !== "json" && next !== "json-text") model = removeKey(model, json);
  if (next !== "data") model = removeKey(model, data);
  if (next === "json") model = writeValue(model, json, {});
  if (next === "json-text") model = writeValue(model, json, "{}");
  if (next === "data") model = writeValue(model, data, {});
  return model;
}

/**
 * How a key/value field's value can be shown: `rows` (absent, or a mapping of scalars), `nested` (a
 * mapping with a value that is a mapping or a list: rows, that value read-only), `written` (anything
 * else: a string template, a list; shown as written, edited in the YAML). Never flattened.
 *
 * @example
 * keyValueShape({ a: "1" }) // "rows"
 * keyValueShape({ filter: { status: "open" } }) // "nested"
 * keyValueShape("grant_type=password&user={{ config['user'] }}") // "written"
 */
export function keyValueShape(value: unknown): "rows" | "nested" | "written" {
  if (value === undefined || value === null) return "rows";
  if (typeof value !== "object" || Array.isArray(value)) return "written";
  return Object.values(value).some((item) => item !== null && typeof item === "object") ? "nested" : "rows";
}
