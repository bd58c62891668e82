import { useState } from "preact/hooks";
import type { ManifestModel } from "../model/manifest-model.js";
import { moveTestingValue, renameInput } from "../model/rename-input.js";
import { addUserInput, INPUT_TYPES, inputSchemaPath, removeUserInput, setInputAttribute, setRequired, userInputs, type UserInputView } from "../model/user-inputs.js";

interface InputsPageProps {
  model: ManifestModel;
  /** The testing values: a renamed input's value moves to its new name (saved to secrets/config.json with the next Save or Test). */
  values: Readonly<Record<string, unknown>>;
  onModel(edit: (model: ManifestModel) => ManifestModel): void;
  onValues(values: Record<string, unknown>): void;
}

/** The outcome of the last rename, shown under its input (named by its path, `credentials.client_id`). */
interface RenameNote {
  path: string;
  text: string;
  severity: "error" | "note";
}

/**
 * The Inputs page: the connector's user inputs (`spec.connection_specification`), each a group named by
 * its name with its type, title, description, secret, required, default and allowed values; inputs are
 * added and removed here. The properties of an object input (`credentials`) are listed inside its group,
 * each a group named by its path (`credentials.client_id`) with the same controls, renamed at its level.
 * Their values while building are the testing values.
 */
export function InputsPage({ model, values, onModel, onValues }: InputsPageProps) {
  const inputs = userInputs(model);
  const [name, setName] = useState("");
  const [note, setNote] = useState<RenameNote>();
  // A rename rewrites every reference to the input (templates, the spec's lists, config paths) and moves its testing value.
  const rename = (path: readonly string[], to: string) => {
    const from = path.at(-1)!;
    const renamed = [...path.slice(0, -1), to].join(".");
    if (to === from) return setNote(undefined);
    const result = renameInput(model, path, to);
    if (!result.ok) return setNote({ path: path.join("."), text: `Not renamed: ${result.reason}`, severity: "error" });
    onModel(() => result.model);
    const moved = moveTestingValue(values, path, to);
    if (moved !== values) onValues(moved);
    const references = `${result.references} reference${result.references === 1 ? "" : "s"}`;
    setNote({ path: renamed, text: `Renamed ${path.join(".")} to ${renamed}: ${references} rewritten${moved !== values ? ", its testing value moved" : ""}.`, severity: "note" });
  };
  const taken = inputs.some((i) => i.name === name);
  return (
    <section class="form-view inputs" aria-labelledby="inputs-title">
      <h2 id="inputs-title">Inputs</h2>
      <p class="lead">
        What a user of the connector gives it (the spec's <code>connection_specification</code>); the manifest reads each as <code>{"{{ config['name'] }}"}</code>. Their
        values while you build are the testing values.
      </p>
      {inputs.length === 0 && <p class="note">No user inputs yet.</p>}
      {inputs.map((input) => (
        <InputGroup model={model} input={input} note={note} onModel={onModel} onRename={rename} />
      ))}
      <fieldset>
        <legend>New input</legend>
        <div class="control-row">
          <label for="new-input-name">Input name</label>
          <input id="new-input-name" type="text" spellcheck={false} value={name} aria-invalid={taken} onInput={(e) => setName(e.currentTarget.value.trim())} />
          <button
            type="button"
            class="secondary"
            disabled={name === "" || taken || !/^[A-Za-z_][\w]*$/.test(name)}
            onClick={() => {
              onModel((m) => addUserInput(m, { name, title: name }));
              setName("");
            }}
          >
            Add input
          </button>
        </div>
        {taken && <p class="problem-line error">An input named {name} exists.</p>}
      </fieldset>
    </section>
  );
}

interface InputGroupProps {
  model: ManifestModel;
  input: UserInputView;
  /** The last rename's outcome (shown under the input it names). */
  note?: RenameNote;
  onModel: InputsPageProps["onModel"];
  onRename(path: readonly string[], to: string): void;
}

function InputGroup({ model, input, note: last, onModel, onRename }: InputGroupProps) {
  const label = input.path.join(".");
  const note = last?.path === label ? last : undefined;
  const id = `input-${label}`;
  const set = (attribute: Parameters<typeof setInputAttribute>[2], value: string | boolean | string[]) => onModel((m) => setInputAttribute(m, input.path, attribute, value));
  const nested = input.type === "object" ? userInputs(model, input.path) : [];
  const options = input.type === "object" && nested.length === 0 && Array.isArray((model.valueAt(inputSchemaPath(input.path)) as { oneOf?: unknown } | undefined)?.oneOf);
  return (
    <fieldset class="user-input">
      <legend>{label}</legend>
      <div class="input-grid">
        <div class="field">
          <label for={`${id}-name`}>Name</label>
          <CommitOnChange id={`${id}-name`} value={input.name} invalid={note?.severity === "error"} describedBy={note ? `${id}-rename` : undefined} onCommit={(text) => onRename(input.path, text.trim())} />
          {note && (
            <p id={`${id}-rename`} class={note.severity === "error" ? "problem-line error" : "note"} role={note.severity === "error" ? "alert" : "status"}>
              {note.text}
            </p>
          )}
        </div>
        <div class="field">
          <label for={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={input.type} onChange={(e) => set("type", e.currentTarget.value)}>
            {INPUT_TYPES.map((t) => (
              <option value={t}>{t}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-title`}>Title</label>
          <input id={`${id}-title`} type="text" value={input.title} onInput={(e) => set("title", e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for={`${id}-default`}>Default</label>
          <input id={`${id}-default`} type="text" spellcheck={false} value={input.default} onInput={(e) => set("default", e.currentTarget.value)} />
        </div>
      </div>
      <div class="field">
        <label for={`${id}-description`}>Description</label>
        <input id={`${id}-description`} type="text" value={input.description} onInput={(e) => set("description", e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for={`${id}-allowed`}>Allowed values</label>
        <CommitOnChange id={`${id}-allowed`} value={input.allowed.join(", ")} onCommit={(text) => set("allowed", text.split(/\s*,\s*/))} />
        <p class="note">Comma-separated; empty allows any value.</p>
      </div>
      <div class="control-row">
        <label class="check">
          <input type="checkbox" checked={input.secret} onChange={(e) => set("secret", e.currentTarget.checked)} /> Secret
        </label>
        <label class="check">
          <input type="checkbox" checked={input.required} onChange={(e) => onModel((m) => setRequired(m, input.path, e.currentTarget.checked))} /> Required
        </label>
        <button type="button" class="secondary" aria-label={`Remove ${label}`} onClick={() => onModel((m) => removeUserInput(m, input.path))}>
          Remove
        </button>
      </div>
      {nested.length > 0 && (
        <div class="nested-inputs">
          <p class="note">
            Its properties, read as <code>{`{{ config['${input.path.join("']['")}']['name'] }}`}</code>:
          </p>
          {nested.map((inner) => (
            <InputGroup model={model} input={inner} note={last} onModel={onModel} onRename={onRename} />
          ))}
        </div>
      )}
      {options && <p class="note">Its options (<code>oneOf</code>) and their properties are edited in the YAML.</p>}
    </fieldset>
  );
}

/**
 * A text field whose edit is applied when it is committed (Enter or leaving the field), as a rename must
 * be: what is typed meanwhile is kept in the field, so a redraw (a new analysis) does not put the old value back.
 */
function CommitOnChange({ id, value, invalid, describedBy, onCommit }: { id: string; value: string; invalid?: boolean; describedBy?: string; onCommit(text: string): void }) {
  const [draft, setDraft] = useState<string>();
  return (
    <input
      id={id}
      type="text"
      spellcheck={false}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      value={draft ?? value}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        setDraft(undefined);
        onCommit(e.currentTarget.value);
      }}
    />
  );
}
