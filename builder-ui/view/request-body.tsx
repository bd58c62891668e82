import type { FieldOrigin, Finding } from "../api-client.js";
import type { ManifestModel } from "../model/manifest-model.js";
import { BODY_TYPES, bodyTypeOf, chooseBodyType, type BodyType } from "../model/request-forms.js";
import { KeyValueList } from "./key-value-list.js";

/** One body field of a requester (`request_body_json` or `request_body_data`): its resolved path, value and where it is written. */
export interface BodyField {
  path: string;
  view: { value: unknown; origin: FieldOrigin };
}

export interface RequestBodyProps {
  /** The prefix of the element ids (unique on the page). */
  id: string;
  json: BodyField;
  data: BodyField;
  variables: readonly string[];
  findings: readonly Finding[];
  model: ManifestModel;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onReveal(line: number): void;
}

/**
 * A requester's "Request Body" group (a stream's, a session login's): the "Body Type" (none, JSON or
 * form-encoded key/value pairs, free-form JSON text) and the body's rows or text. A body written in a
 * way rows cannot hold (a string template for form data, a list) is shown as written, with the way to it
 * in the YAML.
 *
 * @example
 * <RequestBody id="body-type-0" json={{ path, view }} data={{ path, view }} variables={REQUEST_VARIABLES} ... />
 */
export function RequestBody({ id, json, data, variables, findings, model, onModel, onReveal }: RequestBodyProps) {
  const current = (field: BodyField) => (model.kindAt(field.view.origin.segments) !== "absent" ? model.valueAt(field.view.origin.segments) : field.view.value);
  const bodyType = bodyTypeOf(current(json), current(data));
  const text = typeof current(json) === "string" ? String(current(json)) : "";
  const list = (field: BodyField, title: string) => (
    <KeyValueList id={`${id}-${title.split(" ")[0]!.toLowerCase()}`} title={title} noun="body property" variables={variables} path={field.path} view={field.view} findings={findings} model={model} onModel={onModel} onReveal={onReveal} />
  );
  return (
    <fieldset class="request-body">
      <legend>Request Body</legend>
      <div class="field">
        <label for={id}>Body Type</label>
        <select id={id} value={bodyType} onChange={(e) => onModel((m) => chooseBodyType(m, json.view.origin.segments, data.view.origin.segments, e.currentTarget.value as BodyType))}>
          {BODY_TYPES.map((t) => (
            <option value={t.value}>{t.label}</option>
          ))}
        </select>
        <p class="note">A body is sent with POST (choose it as the HTTP Method).</p>
      </div>
      {bodyType === "json" && list(json, "JSON body")}
      {bodyType === "data" && list(data, "Form body")}
      {bodyType === "json-text" && (
        <div class="field">
          <label for={`${id}-text`}>JSON Body</label>
          <textarea id={`${id}-text`} rows={4} spellcheck={false} value={text} onInput={(e) => onModel((m) => m.setIn(json.view.origin.segments, e.currentTarget.value))} />
          <p class="note">A JSON document; a template. Variables: {variables.join(", ")}.</p>
          {findings
            .filter((f) => f.path === json.path || f.path === json.view.origin.sourcePath)
            .map((f) => (
              <p class={`problems ${f.severity}`}>{f.message}</p>
            ))}
        </div>
      )}
    </fieldset>
  );
}
