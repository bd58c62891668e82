import type { Analysis } from "../api-client.js";
import { authenticationMethodName, fieldPath, type FormField } from "../model/form-fields.js";
import type { FieldValue, ManifestModel, Segment } from "../model/manifest-model.js";

export interface FieldControlProps {
  field: FormField;
  /** The stream whose value is shown (the Global Configuration shows the first stream's, with every stream that shares it). */
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onEdit(segments: Segment[], value: FieldValue): void;
  onReveal(line: number): void;
}

/**
 * One form field: a labelled control showing the resolved value, edited where the value is written
 * (in place, in a shared definition behind `$ref`, or in a `$parameters`), with a line saying where
 * and which streams share it. A value no form control can hold (a list, a mapping, an alias, a whole
 * component) is shown read-only with a link to its place in the YAML.
 */
export function FieldControl({ field, stream, analysis, model, onEdit, onReveal }: FieldControlProps) {
  const id = `field-${field.id}-${stream}`;
  const path = fieldPath(field, stream);
  const view = analysis.fields[path];
  if (!view) {
    return (
      <div class="field">
        <label for={id}>{field.label}</label>
        <input id={id} disabled value="" aria-describedby={`${id}-note`} />
        <p class="note" id={`${id}-note`}>Not available while the manifest does not resolve (see the problems in the YAML).</p>
      </div>
    );
  }
  const { origin } = view;
  const written = model.kindAt(origin.segments);
  const value = written === "scalar" ? model.valueAt(origin.segments) : view.value;
  const scalar = value === undefined || value === null || typeof value !== "object";
  const editable = (field.kind === "text" || field.kind === "select") && (written === "scalar" || written === "absent") && scalar;
  const line = model.lineOf(origin.segments) ?? origin.line;
  const users = analysis.streams.filter((_, i) => analysis.fields[fieldPath(field, i)]?.origin.sourcePath === origin.sourcePath);
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.usedAt === path || f.path === origin.sourcePath));
  const describedBy = [`${id}-note`, problems.length ? `${id}-problems` : ""].filter(Boolean).join(" ");
  const shown = field.kind === "method" ? authenticationMethodName(view.value) : Array.isArray(value) ? value.join(", ") : scalar ? String(value ?? "") : JSON.stringify(value);

  return (
    <div class={`field${problems.length ? " has-problem" : ""}`}>
      <label for={id}>{field.label}</label>
      {editable && field.kind === "select" ? (
        <select id={id} aria-describedby={describedBy} value={shown} onChange={(e) => onEdit(origin.segments, e.currentTarget.value)}>
          {[...new Set([...(field.options ?? []), ...(shown ? [shown] : [])])].map((option) => (
            <option value={option}>{option}</option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="text"
          spellcheck={false}
          readOnly={!editable}
          aria-describedby={describedBy}
          value={shown}
          onInput={(e) => editable && onEdit(origin.segments, e.currentTarget.value)}
        />
      )}
      <p class="note" id={`${id}-note`}>
        {where(origin.via, origin.sourcePath, editable)}
        {users.length > 1 && origin.via !== "absent" ? ` Shared by ${users.length} streams (${users.join(", ")}): a change here changes every one.` : ""}
        {!editable ? " A form cannot edit this value; edit it in the YAML." : field.hint ? ` ${field.hint}` : ""}
        {line !== undefined && (
          <>
            {" "}
            <button type="button" class="link" aria-label={`Show ${field.label} in YAML`} onClick={() => onReveal(line)}>
              {editable ? `Show in YAML (line ${line})` : `Edit in YAML (line ${line})`}
            </button>
          </>
        )}
      </p>
      {problems.length > 0 && (
        <ul class="problems" id={`${id}-problems`}>
          {problems.map((p) => (
            <li class={p.severity}>{p.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function where(via: string, sourcePath: string, editable: boolean) {
  if (via === "$ref") return <>Defined in <code>{sourcePath}</code>.</>;
  if (via === "$parameters") return <>Set in <code>{sourcePath}</code> ($parameters).</>;
  if (via === "absent") return editable ? <>Not set; typing here adds <code>{sourcePath}</code>.</> : <>Not set.</>;
  return null;
}
