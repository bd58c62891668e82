/**
 * A request option: where a value goes in an outgoing request (the manifest's `RequestOption`, or
 * `RequestPath` for "the whole next URL"), as the product's injection groups show it: "Inject into"
 * and "Field name". The API Key authenticator's `inject_into` and every pagination injection
 * (`page_size_option`, `page_token_option`) are one of these.
 *
 * @example
 * requestOptionOf({ type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" })
 * // { injectInto: "header", fieldName: "X-Api-Key" }
 * requestOptionOf({ type: "RequestPath" }) // { injectInto: "path", fieldName: "" }
 */
export type InjectInto = "header" | "request_parameter" | "body_data" | "body_json" | "path";

/** The targets, in the product's order, with the words the "Inject into" selector shows. */
export const INJECT_INTO_CHOICES: ReadonlyArray<{ value: InjectInto; label: string }> = [
  { value: "header", label: "Header" },
  { value: "request_parameter", label: "Query Parameter" },
  { value: "body_data", label: "Body data (urlencoded form)" },
  { value: "body_json", label: "Body JSON payload" },
  { value: "path", label: "Path (the whole next URL)" },
];

/** A request option as a form shows it. `fieldName` is "" for `path` (a `RequestPath` has none). */
export interface RequestOptionState {
  injectInto: InjectInto | "";
  fieldName: string;
}

/** The form's view of a written request option (anything else: nothing chosen). */
export function requestOptionOf(written: unknown): RequestOptionState {
  if (!written || typeof written !== "object" || Array.isArray(written)) return { injectInto: "", fieldName: "" };
  const option = written as { type?: unknown; inject_into?: unknown; field_name?: unknown; field_path?: unknown };
  if (option.type === "RequestPath") return { injectInto: "path", fieldName: "" };
  const target = INJECT_INTO_CHOICES.find((c) => c.value === option.inject_into)?.value ?? "";
  const name = typeof option.field_name === "string" ? option.field_name : Array.isArray(option.field_path) ? option.field_path.join(".") : "";
  return { injectInto: target, fieldName: name };
}

/**
 * The manifest component for a form state: `{ type: RequestOption, inject_into, field_name }`, or
 * `{ type: RequestPath }` for `path`. The caller writes it whole (a new option) or only the changed
 * key (`inject_into` / `field_name`) at its written place, so the rest of a written option stays.
 */
export function requestOptionComponent(state: RequestOptionState): Record<string, unknown> {
  if (state.injectInto === "path") return { type: "RequestPath" };
  return { type: "RequestOption", inject_into: state.injectInto || "request_parameter", field_name: state.fieldName };
}
