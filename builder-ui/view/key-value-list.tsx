import { useState } from "preact/hooks";
import { stringify } from "yaml";
import type { Analysis, FieldOrigin, Finding } from "../api-client.js";
import { fieldPath } from "../model/form-fields.js";
import { joinPath } from "../../pure/manifest-path.js";
import type { ManifestModel } from "../model/manifest-model.js";
import { keyValueShape, REQUEST_VARIABLES, type KeyValueListField } from "../model/request-forms.js";
import { removeKey } from "../model/model-edits.js";
import { renameKey } from "../model/stream-edits.js";
import { ProblemLines } from "./problem-lines.js";

export interface KeyValueListProps {
  /** The prefix of the rows' element ids (unique on the page). */
  id: string;
  /** The product's label: the group's accessible name. */
  title: string;
  /** The singular noun of the add button ("Add query parameter"). */
  noun: string;
  /** The template variables the values may use, listed under the rows. */
  variables: readonly string[];
  /** The resolved path of the mapping (findings name it, or where it is written). */
  path: string;
  /** Its resolved value and where it is written; nothing to draw while the server has not answered. */
  view: { value: unknown; origin: FieldOrigin } | undefined;
  findings: readonly Finding[];
  model: ManifestModel;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onReveal(line: number): void;
}

/** The props of a stream's request list (`streams[*]....request_parameters`), from the server's fields. */
export function streamListProps(field: KeyValueListField, stream: number, analysis: Analysis): Pick<KeyValueListProps, "id" | "title" | "noun" | "variables" | "path" | "view" | "findings"> {
  const path = fieldPath(field, stream);
  return { id: `${field.id}-${stream}`, title: field.title, noun: field.noun, variables: REQUEST_VARIABLES, path, view: analysis.fields[path], findings: analysis.findings };
}

/**
 * A mapping of templates as rows of Key and Value (a stream's query parameters, headers and body, a
 * session login's, JWT's additional headers and payload), in a group named by the product's label.
 * Each row is written where the mapping is written (the server's origin): a value in place, a key
 * renamed in place, a row removed with its key; a new row is kept in the page until its key is typed.
 * Template syntax errors and other problems the engine reports for a value (`TEMPLATE_SYNTAX`,
 * `TEMPLATE_UNDEFINED_NAME`) are shown under its row.
 *
 * @example
 * <KeyValueList {...streamListProps(QUERY_PARAMETERS, 0, analysis)} model={model} onModel={setModel} onReveal={showLine} />
 */
export function KeyValueList({ id, title, noun, variables, path, view, findings, model, onModel, onReveal }: KeyValueListProps) {
  // New rows not yet written: a row is written once its key is typed (with the value, when given).
  const [drafts, setDrafts] = useState<string[]>([]);
  if (!view) return null;
  const { origin } = view;
  const written = model.kindAt(origin.segments);
  const value = written === "map" ? model.valueAt(origin.segments) : view.value;
  const entries = value && typeof value === "object" && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
  const editable = (written === "map" || written === "absent") && keyValueShape(value) !== "written";
  const line = model.lineOf(origin.segments) ?? origin.line;
  const problemsOf = (key: string) => findings.filter((f) => f.code !== "CONFIG_INVALID" && [f.path, f.usedAt].some((p) => p === joinKey(path, key) || p === joinKey(origin.sourcePath, key)));
  const own = findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path === path || f.path === origin.sourcePath));
  const setKey = (key: string, next: unknown) => onModel((current) => current.setIn([...origin.segments, key], String(next ?? "")));

  return (
    <fieldset class="key-value-list">
      <legend>{title}</legend>
      {!editable ? (
        <>
          <pre class="yaml-preview" aria-label={`${title} as written`}>
            {typeof value === "string" ? value : stringify(value).trimEnd()}
          </pre>
          <p class="note">
            {typeof value === "string" ? "A template string, not key/value rows" : "Not a mapping of key/value rows"}: shown as written; edit it in the YAML.{" "}
            {line !== undefined && (
              <button type="button" class="link" aria-label={`Edit ${title} in YAML`} onClick={() => onReveal(line)}>
                Edit in YAML (line {line})
              </button>
            )}
          </p>
        </>
      ) : (
        <>
          {entries.length + drafts.length > 0 && (
            <div class="kv-head" aria-hidden="true">
              <span>Key</span>
              <span>Value</span>
            </div>
          )}
          {entries.map(([key, item], index) => {
            const scalar = item === null || typeof item !== "object";
            const problems = problemsOf(key);
            return (
              <div class={`kv-row${problems.length ? " has-problem" : ""}`}>
                <input type="text" spellcheck={false} aria-label={`Key ${index + 1}`} value={key} onChange={(e) => onModel((current) => renameKey(current, origin.segments, key, e.currentTarget.value.trim()))} />
                <input
                  type="text"
                  spellcheck={false}
                  aria-label={`Value ${index + 1}`}
                  readOnly={!scalar}
                  value={scalar ? String(item ?? "") : JSON.stringify(item)}
                  aria-describedby={problems.length ? `${id}-${index}-problems` : undefined}
                  onInput={(e) => scalar && setKey(key, e.currentTarget.value)}
                />
                <button type="button" class="remove" aria-label={`Remove ${key}`} onClick={() => onModel((current) => removeKey(current, [...origin.segments, key]))}>
                  ×
                </button>
                {!scalar && <p class="note kv-note">A nested value, shown as JSON: edit it in the YAML.</p>}
                <ProblemLines problems={problems} id={`${id}-${index}-problems`} />
              </div>
            );
          })}
          {drafts.map((draft, d) => {
            const commit = (key: string, item: string) => {
              if (!key || entries.some(([k]) => k === key)) return;
              setDrafts(drafts.filter((_, i) => i !== d));
              setKey(key, item);
            };
            return (
              <div class="kv-row">
                <input type="text" spellcheck={false} aria-label={`Key ${entries.length + d + 1}`} value={draft} onInput={(e) => setDrafts(drafts.map((k, i) => (i === d ? e.currentTarget.value : k)))} onBlur={(e) => (e.relatedTarget as HTMLElement | null)?.dataset?.draft !== String(d) && commit(e.currentTarget.value.trim(), "")} />
                <input type="text" spellcheck={false} aria-label={`Value ${entries.length + d + 1}`} data-draft={String(d)} value="" onInput={(e) => commit(draft.trim(), e.currentTarget.value)} />
                <span />
              </div>
            );
          })}
          <p class="note">
            <button type="button" onClick={() => setDrafts([...drafts, ""])}>
              Add {noun}
            </button>{" "}
            Values are templates. Variables: {variables.join(", ")}.
            {origin.via === "$ref" ? <> Defined in <code>{origin.sourcePath}</code>.</> : null}
          </p>
        </>
      )}
      <ProblemLines problems={own} />
    </fieldset>
  );
}

/** A key under a manifest path, as the library writes paths (`a.b`, `a["X-Page"]`). */
function joinKey(path: string, key: string): string {
  return joinPath(path, key);
}
