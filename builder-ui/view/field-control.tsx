import { useState } from "preact/hooks";
import type { Analysis } from "../api-client.js";
import { fieldPath, type FormField } from "../model/form-fields.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { ProblemLines } from "./problem-lines.js";

interface FieldControlProps {
  field: FormField;
  /** The stream whose value is shown (the Global Configuration shows the first stream's, with every stream that shares it). */
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  /** A new value for the place `segments`: a scalar, or a list of strings (a `list` field). */
  onEdit(segments: Segment[], value: unknown): void;
  onReveal(line: number): void;
}

/**
 * One form field: a labelled control showing the resolved value, edited where the value is written
 * (in place, in a shared definition behind `$ref`, or in a `$parameters`), with a line saying where
 * and which streams share it. A value no form control can hold (a list, a mapping, an alias, a whole
 * component) is shown read-only with a link to its place in the YAML.
 */
export function FieldControl({ field, stream, analysis, model, onEdit, onReveal }: FieldControlProps) {
  // A list is typed comma-separated: the text as typed stays while the control has focus.
  const [draft, setDraft] = useState<string>();
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
  const isList = field.kind === "list" && (written === "seq" || written === "absent" || written === "scalar") && (scalar || (Array.isArray(value) && value.every((v) => typeof v !== "object")));
  const editable = isList || (field.kind !== "list" && (written === "scalar" || written === "absent") && scalar);
  const line = model.lineOf(origin.segments) ?? origin.line;
  // Only a field of every stream (`streams[*]`) is compared across the streams; a component section's field names one stream.
  const users = field.path.includes("streams[*]") ? analysis.streams.filter((_, i) => analysis.fields[fieldPath(field, i)]?.origin.sourcePath === origin.sourcePath) : [];
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.usedAt === path || f.path === origin.sourcePath || f.path === path));
  const describedBy = [`${id}-note`, problems.length ? `${id}-problems` : ""].filter(Boolean).join(" ");
  const shown = Array.isArray(value) ? value.join(", ") : scalar ? String(value ?? "") : JSON.stringify(value);
  const write = (text: string) => {
    if (!editable) return;
    if (field.kind === "list") {
      setDraft(text);
      const items = text.split(",").map((s) => s.trim()).filter(Boolean);
      onEdit(origin.segments, field.numbers ? items.map((s) => (/^-?\d+$/.test(s) ? Number(s) : s)) : items);
    } else onEdit(origin.segments, field.kind === "integer" && /^\s*-?\d+\s*$/.test(text) ? Number(text) : text);
  };

  return (
    <div class={`field${problems.length ? " has-problem" : ""}`}>
      <label for={id}>{field.label}</label>
      {editable && field.kind === "boolean" ? (
        <input id={id} type="checkbox" aria-describedby={describedBy} checked={value === true} onChange={(e) => onEdit(origin.segments, e.currentTarget.checked)} />
      ) : editable && field.kind === "select" ? (
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
          value={draft ?? shown}
          onInput={(e) => write(e.currentTarget.value)}
          onBlur={() => setDraft(undefined)}
        />
      )}
      <p class="note" id={`${id}-note`}>
        {where(origin.via, origin.sourcePath, editable, field.kind)}
        {users.length > 1 && origin.via !== "absent" ? ` Shared by ${users.length} streams (${users.join(", ")}): a change here changes every one.` : ""}
        {!editable ? " A form cannot edit this value; edit it in the YAML." : field.hint ? ` ${field.hint}` : ""}
        {field.variables && <span class="variables">Variables: {field.variables.join(", ")}.</span>}
        {line !== undefined && (
          <>
            {" "}
            <button type="button" class="link" aria-label={`Show ${field.label} in YAML`} onClick={() => onReveal(line)}>
              {editable ? `Show in YAML (line ${line})` : `Edit in YAML (line ${line})`}
            </button>
          </>
        )}
      </p>
      <ProblemLines problems={problems} id={`${id}-problems`} />
    </div>
  );
}

/** Where a value is written; for an absent one, what writing it does, in the words of its control (a checkbox is checked, not typed in). */
function where(via: string, sourcePath: string, editable: boolean, kind: FormField["kind"]) {
  if (via === "$ref") return <>Defined in <code>{sourcePath}</code>.</>;
  if (via === "$parameters") return <>Set in <code>{sourcePath}</code> ($parameters).</>;
  if (via !== "absent") return null;
  if (!editable) return <>Not set.</>;
  const action = kind === "boolean" ? "checking it adds" : kind === "select" ? "choosing a value adds" : "typing here adds";
  return (
    <>
      Not set; {action} <code>{sourcePath}</code>.
    </>
  );
}
