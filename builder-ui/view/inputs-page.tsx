import { useState } from "preact/hooks";
import type { ManifestModel } from "../model/manifest-model.js";
import { addUserInput, INPUT_TYPES, removeUserInput, renameUserInput, setInputAttribute, setRequired, userInputs, type UserInputView } from "../model/user-inputs.js";

interface InputsPageProps {
  model: ManifestModel;
  onModel(edit: (model: ManifestModel) => ManifestModel): void;
}

/**
 * The Inputs page: the connector's user inputs (`spec.connection_specification`), each a group named by
 * its name with its type, title, description, secret, required, default and allowed values; inputs are
 * added and removed here. Their values while building are the testing values.
 */
export function InputsPage({ model, onModel }: InputsPageProps) {
  const inputs = userInputs(model);
  const [name, setName] = useState("");
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
        <InputGroup input={input} onModel={onModel} />
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

function InputGroup({ input, onModel }: { input: UserInputView; onModel: InputsPageProps["onModel"] }) {
  const id = `input-${input.name}`;
  const set = (attribute: Parameters<typeof setInputAttribute>[2], value: string | boolean | string[]) => onModel((m) => setInputAttribute(m, input.name, attribute, value));
  return (
    <fieldset class="user-input">
      <legend>{input.name}</legend>
      <div class="input-grid">
        <div class="field">
          <label for={`${id}-name`}>Name</label>
          <CommitOnChange id={`${id}-name`} value={input.name} onCommit={(text) => onModel((m) => renameUserInput(m, input.name, text.trim()))} />
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
          <input type="checkbox" checked={input.required} onChange={(e) => onModel((m) => setRequired(m, input.name, e.currentTarget.checked))} /> Required
        </label>
        <button type="button" class="secondary" aria-label={`Remove ${input.name}`} onClick={() => onModel((m) => removeUserInput(m, input.name))}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/**
 * A text field whose edit is applied when it is committed (Enter or leaving the field), as a rename must
 * be: what is typed meanwhile is kept in the field, so a redraw (a new analysis) does not put the old value back.
 */
function CommitOnChange({ id, value, onCommit }: { id: string; value: string; onCommit(text: string): void }) {
  const [draft, setDraft] = useState<string>();
  return (
    <input
      id={id}
      type="text"
      spellcheck={false}
      value={draft ?? value}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onChange={(e) => {
        setDraft(undefined);
        onCommit(e.currentTarget.value);
      }}
    />
  );
}
