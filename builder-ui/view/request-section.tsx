import type { Analysis } from "../api-client.js";
import { fieldPath } from "../model/form-fields.js";
import type { ManifestModel } from "../model/manifest-model.js";
import { removeKey, writeValue } from "../model/model-edits.js";
import { BODY_DATA, BODY_JSON, BODY_TYPES, bodyTypeOf, QUERY_PARAMETERS, REQUEST_HEADERS, REQUEST_VARIABLES, type BodyType, type KeyValueListField } from "../model/request-forms.js";
import { KeyValueList, streamListProps } from "./key-value-list.js";

interface RequestSectionProps {
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onReveal(line: number): void;
}

/**
 * A stream's request beyond its path and method: "Query Parameters", "Request Headers" and "Request
 * Body" (its "Body Type": none, JSON or form-encoded key/value pairs, or free-form JSON text), each
 * value a template that may use `next_page_token` (the product's custom parameter injection).
 */
export function RequestSection(props: RequestSectionProps) {
  const { stream, analysis, model, onModel } = props;
  const at = (field: KeyValueListField) => analysis.fields[fieldPath(field, stream)];
  const json = at(BODY_JSON);
  const data = at(BODY_DATA);
  if (!json || !data) return null;
  const bodyType = bodyTypeOf(json.value, data.value);
  const id = `body-type-${stream}`;
  const text = typeof json.value === "string" ? json.value : "";
  const lists = { model, onModel, onReveal: props.onReveal };

  const chooseBody = (next: BodyType) =>
    onModel((current) => {
      let model = current;
      if (next !== "json" && next !== "json-text") model = removeKey(model, json.origin.segments);
      if (next !== "data") model = removeKey(model, data.origin.segments);
      if (next === "json") model = writeValue(model, json.origin.segments, {});
      if (next === "json-text") model = writeValue(model, json.origin.segments, "{}");
      if (next === "data") model = writeValue(model, data.origin.segments, {});
      return model;
    });

  return (
    <>
      <KeyValueList {...streamListProps(QUERY_PARAMETERS, stream, analysis)} {...lists} />
      <KeyValueList {...streamListProps(REQUEST_HEADERS, stream, analysis)} {...lists} />
      <fieldset class="request-body">
        <legend>Request Body</legend>
        <div class="field">
          <label for={id}>Body Type</label>
          <select id={id} value={bodyType} onChange={(e) => chooseBody(e.currentTarget.value as BodyType)}>
            {BODY_TYPES.map((t) => (
              <option value={t.value}>{t.label}</option>
            ))}
          </select>
          <p class="note">A body is sent with POST (choose it as the HTTP Method).</p>
        </div>
        {bodyType === "json" && <KeyValueList {...streamListProps(BODY_JSON, stream, analysis)} title="JSON body" {...lists} />}
        {bodyType === "data" && <KeyValueList {...streamListProps(BODY_DATA, stream, analysis)} title="Form body" {...lists} />}
        {bodyType === "json-text" && (
          <div class="field">
            <label for={`${id}-text`}>JSON Body</label>
            <textarea id={`${id}-text`} rows={4} spellcheck={false} value={text} onInput={(e) => onModel((current) => current.setIn(json.origin.segments, e.currentTarget.value))} />
            <p class="note">A JSON document; a template. Variables: {REQUEST_VARIABLES.join(", ")}.</p>
            {analysis.findings
              .filter((f) => f.path === fieldPath(BODY_JSON, stream) || f.path === json.origin.sourcePath)
              .map((f) => (
                <p class={`problems ${f.severity}`}>{f.message}</p>
              ))}
          </div>
        )}
      </fieldset>
    </>
  );
}
