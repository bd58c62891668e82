import { useState } from "preact/hooks";
import type { Finding } from "../api-client.js";
import { configReference, valueIn } from "../model/auth-forms.js";
import type { AuthField } from "../model/auth-methods.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { removeKey, writeValue } from "../model/model-edits.js";
import { requestOptionComponent, requestOptionOf } from "../model/request-option.js";
import { addUserInput } from "../model/user-inputs.js";
import { segmentsPath } from "../model/linked-authenticators.js";
import { KeyValueList } from "./key-value-list.js";
import { ProblemLines, type Problem } from "./problem-lines.js";
import { RequestBody } from "./request-body.js";
import { RequestOptionGroup } from "./request-option-group.js";

/** What every authentication field gets. */
export interface AuthContext {
  model: ManifestModel;
  values: Readonly<Record<string, unknown>>;
  findings: readonly Finding[];
  onModel(edit: (model: ManifestModel) => ManifestModel): void;
  onValues(values: Record<string, unknown>): void;
  /** Saves the testing values typed since the last save. */
  onSaveValues(): Promise<void>;
  /** Shows values the server wrote to secrets/config.json (a consent's tokens) as saved. */
  onSavedValues(values: Record<string, unknown>): void;
  onReveal(line: number): void;
}

interface AuthFieldControlProps extends AuthContext {
  field: AuthField;
  /** Where the authenticator is written. */
  place: readonly Segment[];
  /** The resolved value (shown when nothing is written at the place). */
  resolved: unknown;
  idPrefix: string;
  problems: readonly Problem[];
}

/**
 * One field of an authentication method's form, labelled with the product's label. A definition is
 * edited where the authenticator is written (an optional field emptied is removed); a credential
 * (`input`) shows its testing value, since the manifest holds only `{{ config['name'] }}`.
 */
export function AuthFieldControl(props: AuthFieldControlProps) {
  const { field, place, model, resolved, idPrefix, problems, onModel } = props;
  const at = [...place, ...field.key];
  const id = `${idPrefix}${field.key.join("-")}`;
  // What is written, once the authenticator is written at its place (the resolved value lags a moment behind an edit).
  const value = model.kindAt(place) !== "absent" ? model.valueAt(at) : resolved;
  const [typed, setTyped] = useState<string>();
  const write = (next: unknown) => onModel((m) => (next === undefined ? removeKey(m, at) : writeValue(m, at, next)));
  const optional = (next: unknown) => write(next === "" && !field.required ? undefined : next);
  const line = model.lineOf(at);

  if (field.kind === "injection") {
    const option = value === undefined && field.key[0] === "inject_into" && typeof model.valueAt([...place, "header"]) === "string" ? { injectInto: "header" as const, fieldName: String(model.valueAt([...place, "header"])) } : requestOptionOf(value);
    return (
      <RequestOptionGroup
        title={field.title!}
        id={id}
        value={option}
        targets={field.targets}
        problems={problems}
        onChange={(next, changed) =>
          onModel((m) => {
            if (m.kindAt(at) === "map") return m.setIn([...at, changed === "injectInto" ? "inject_into" : "field_name"], changed === "injectInto" ? next.injectInto : next.fieldName);
            return removeKey(writeValue(m, at, requestOptionComponent(next)), [...place, "header"]);
          })
        }
      />
    );
  }

  if (field.kind === "keyvalue") {
    // The stream request's rows: each row's template problems under it, the list's own under the list.
    const sourcePath = segmentsPath(at);
    return (
      <KeyValueList
        id={id}
        title={field.label}
        noun={field.noun ?? "entry"}
        variables={field.variables ?? []}
        path={sourcePath}
        view={{ value, origin: { via: "self", sourcePath, segments: at, line } }}
        findings={props.findings}
        model={model}
        onModel={onModel}
        onReveal={props.onReveal}
      />
    );
  }

  if (field.kind === "body") {
    // The requester's body fields, each where the requester is written (its rows' problems under them).
    const body = (key: string) => {
      const segments = [...at, key];
      const sourcePath = segmentsPath(segments);
      return { path: sourcePath, view: { value: valueIn(value, [key]), origin: { via: "self" as const, sourcePath, segments, line: model.lineOf(segments) } } };
    };
    return <RequestBody id={id} json={body("request_body_json")} data={body("request_body_data")} variables={field.variables ?? []} findings={props.findings} model={model} onModel={onModel} onReveal={props.onReveal} />;
  }

  const note = field.kind === "input" ? <InputNote field={field} value={value} /> : field.hint;
  return (
    <div class={`field${problems.length ? " has-problem" : ""}`}>
      {field.kind === "boolean" ? (
        <label class="check">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => write(e.currentTarget.checked ? true : undefined)} /> {field.label}
        </label>
      ) : (
        <label for={id}>{field.label}</label>
      )}
      {field.kind === "input" ? (
        <CredentialControl {...props} id={id} value={value} />
      ) : field.kind === "select" ? (
        <select id={id} value={typeof value === "string" ? value : ""} onChange={(e) => optional(e.currentTarget.value)}>
          {!field.required && <option value="">{field.placeholder ? `(default: ${field.placeholder})` : "(not set)"}</option>}
          {[...new Set([...(field.options ?? []), ...(typeof value === "string" && value ? [value] : [])])].map((o) => (
            <option value={o}>{field.optionLabels?.[o] ?? o}</option>
          ))}
        </select>
      ) : field.kind === "json" ? (
        <JsonControl id={id} value={value} onWrite={optional} />
      ) : field.kind === "boolean" ? null : (
        <input
          id={id}
          type="text"
          spellcheck={false}
          placeholder={field.placeholder}
          inputMode={field.kind === "integer" ? "numeric" : undefined}
          value={field.kind === "list" && typed !== undefined && JSON.stringify(listOf(typed, field)) === JSON.stringify(value ?? "") ? typed : field.kind === "list" ? listText(value, field.key[0] === "scopes" ? " " : ", ") : value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)}
          onInput={(e) => {
            const text = e.currentTarget.value;
            if (field.kind === "integer") optional(/^\d+$/.test(text.trim()) ? Number(text) : text);
            else if (field.kind === "list") {
              // "data, " is kept as typed while it reads as the list written ([data]), so the next item can be typed.
              setTyped(text);
              optional(listOf(text, field));
            } else optional(text);
          }}
        />
      )}
      {(note || line !== undefined) && (
        <p class="note">
          {note}
          {line !== undefined && (
            <>
              {" "}
              <button type="button" class="link" aria-label={`Show ${field.label} in YAML`} onClick={() => props.onReveal(line)}>
                Show in YAML (line {line})
              </button>
            </>
          )}
        </p>
      )}
      <ProblemLines problems={problems} />
    </div>
  );
}

/** A credential: its testing value when the manifest names a user input; else the manifest's value, with a way to make it an input. */
function CredentialControl(props: AuthFieldControlProps & { id: string; value: unknown }) {
  const { field, id, value, values, onValues, onModel, place } = props;
  const [revealed, setRevealed] = useState(false);
  const name = configReference(value);
  if (!name) {
    return (
      <div class="control-row">
        <input id={id} type="text" spellcheck={false} value={typeof value === "string" ? value : ""} onInput={(e) => onModel((m) => m.setIn([...place, ...field.key], e.currentTarget.value))} />
        <button type="button" class="secondary" onClick={() => onModel((m) => addUserInput(writeValue(m, [...place, ...field.key], `{{ config['${field.input!.name}'] }}`), field.input!))}>
          Make it a user input
        </button>
      </div>
    );
  }
  const secret = field.input?.secret ?? false;
  const current = values[name];
  return (
    <div class="control-row">
      <input
        id={id}
        type={(secret && !revealed ? "password" : "text") as "text"}
        autocomplete="off"
        spellcheck={false}
        value={current === undefined ? "" : String(current)}
        onInput={(e) => {
          const next = { ...values };
          if (e.currentTarget.value === "") delete next[name];
          else next[name] = e.currentTarget.value;
          onValues(next);
        }}
      />
      {secret && (
        <button type="button" class="reveal" aria-pressed={revealed} aria-label={`${revealed ? "Hide" : "Show"} ${field.label}`} onClick={() => setRevealed(!revealed)}>
          {revealed ? "Hide" : "Show"}
        </button>
      )}
    </div>
  );
}

function InputNote({ field, value }: { field: AuthField; value: unknown }) {
  const name = configReference(value);
  if (!name) return <>A credential written into the connector: make it a user input so its value stays a testing value.</>;
  return (
    <>
      The testing value of the user input <code>{name}</code>
      {field.input?.secret ? " (secret)" : ""}; the connector holds <code>{`{{ config['${name}'] }}`}</code>.{field.hint ? ` ${field.hint}` : ""}
    </>
  );
}

/** An object typed as JSON: written when it parses, else the problem is shown and nothing is written. */
function JsonControl({ id, value, onWrite }: { id: string; value: unknown; onWrite(next: unknown): void }) {
  const shown = value === undefined ? "" : JSON.stringify(value, null, 1);
  const [typed, setTyped] = useState<{ text: string; error?: string }>();
  return (
    <>
      <textarea
        id={id}
        rows={Math.min(14, Math.max(3, (typed?.text ?? shown).split("\n").length))}
        spellcheck={false}
        value={typed?.text ?? shown}
        aria-invalid={typed?.error !== undefined}
        onInput={(e) => {
          const text = e.currentTarget.value;
          if (text.trim() === "") {
            setTyped({ text });
            return onWrite("");
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch (error) {
            return setTyped({ text, error: (error as Error).message });
          }
          if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return setTyped({ text, error: 'expected an object, e.g. {"key": "value"}' });
          setTyped({ text });
          onWrite(parsed);
        }}
      />
      {typed?.error && <p class="problem-line error">Not written: {typed.error}</p>}
    </>
  );
}

/** A list typed comma-separated (Scopes: space-separated); "" when empty. */
function listOf(text: string, field: AuthField): string[] | "" {
  const items = text.split(field.key[0] === "scopes" ? /\s+/ : /\s*,\s*/).filter(Boolean);
  return items.length ? items : "";
}

function listText(value: unknown, separator: string): string {
  if (Array.isArray(value)) return value.map(String).join(separator);
  return value === undefined || value === null ? "" : String(value);
}
