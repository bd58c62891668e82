import { useState } from "preact/hooks";
import type { Finding } from "../api-client.js";
import type { AuthWarning } from "../model/auth-rules.js";
import { ProblemLines, type Problem } from "./problem-lines.js";
import { shownValue, testingValueFields, typedValue, type TestingValueField } from "../model/testing-value-fields.js";

interface TestingValuesPanelProps {
  spec: Record<string, unknown> | null;
  values: Record<string, unknown>;
  /** The validator's findings; `CONFIG_INVALID` ones at `config.<name>` belong to a field here. */
  findings: readonly Finding[];
  /** The Builder's own rules about a testing value (the Refresh Token Updater's initial token): warnings at that input. */
  warnings?: readonly AuthWarning[];
  onChange(values: Record<string, unknown>): void;
}

/**
 * The testing values: one field per user input of the spec, typed as the spec types it, secrets
 * masked with a reveal toggle, required ones marked, each checked by the validator as it is typed.
 * They are saved only to `secrets/config.json`, never into the manifest.
 */
export function TestingValuesPanel({ spec, values, findings, warnings = [], onChange }: TestingValuesPanelProps) {
  const fields = testingValueFields(spec);
  // Each problem keeps its own severity: the validator's (a value the spec refuses is an error), the Builder's rules' (warnings).
  const problems = findings.filter((f) => f.code === "CONFIG_INVALID");
  const problemsOf = (name: string): Problem[] => [
    ...problems.filter((p) => p.path === `config.${name}` || p.path.startsWith(`config.${name}.`)),
    ...warnings.filter((w) => w.input === name).map((w): Problem => ({ severity: "warning", message: w.message })),
  ];
  return (
    <section class="form-view testing-values" aria-labelledby="testing-title">
      <h2 id="testing-title">Testing values</h2>
      <p class="lead">
        The values of the connector's user inputs while you build it. They are kept only in <code>secrets/config.json</code> (owner-only, git-ignored) and never written
        into the manifest.
      </p>
      {fields.length === 0 ? (
        <p class="note">The spec declares no user inputs (spec.connection_specification.properties).</p>
      ) : (
        <fieldset>
          <legend>User inputs</legend>
          {fields.map((field) => (
            <TestingValueControl
              field={field}
              value={values[field.name]}
              problems={problemsOf(field.name)}
              onChange={(value) => {
                const next = { ...values };
                if (value === undefined) delete next[field.name];
                else next[field.name] = value;
                onChange(next);
              }}
            />
          ))}
        </fieldset>
      )}
      {problems.filter((p) => !fields.some((f) => p.path === `config.${f.name}` || p.path.startsWith(`config.${f.name}.`))).map((p) => (
        <p class={`problem-line ${p.severity}`}>{`${p.path}: ${p.message}`}</p>
      ))}
    </section>
  );
}

function TestingValueControl({ field, value, problems, onChange }: { field: TestingValueField; value: unknown; problems: readonly Problem[]; onChange(value: unknown): void }) {
  const [revealed, setRevealed] = useState(false);
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const id = `testing-${field.name}`;
  const shown = shownValue(field, value);
  const text = typed !== undefined && typedValue(field, typed) === value ? typed : String(shown === false ? "" : shown);
  const describedBy = [field.description ? `${id}-description` : "", problems.length ? `${id}-problems` : ""].filter(Boolean).join(" ") || undefined;
  const update = (raw: string | boolean) => {
    if (typeof raw === "string") setTyped(raw);
    onChange(typedValue(field, raw));
  };
  return (
    <div class={`field${problems.some((p) => p.severity === "error") ? " has-problem" : ""}`}>
      {/* The marks sit beside the label, not in it: the control's name is the spec's title alone ("required" is the input's own state). */}
      <div class="label-row">
        <label for={id}>{field.label}</label>
        {field.required && (
          <span class="required" aria-hidden="true">
            *
          </span>
        )}
        {field.secret && (
          <span class="badge" aria-hidden="true">
            secret
          </span>
        )}
      </div>
      <div class="control-row">
        {field.input === "boolean" ? (
          <input id={id} type="checkbox" checked={value === true} aria-describedby={describedBy} onChange={(e) => update(e.currentTarget.checked)} />
        ) : field.input === "enum" ? (
          <select id={id} required={field.required} aria-describedby={describedBy} value={text} onChange={(e) => update(e.currentTarget.value)}>
            <option value="">(not set)</option>
            {(field.options ?? []).map((option) => (
              <option value={String(option)}>{String(option)}</option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            // Preact's types split inputs by type; both of these take the same attributes.
            type={(field.secret && !revealed ? "password" : "text") as "text"}
            inputMode={field.input === "integer" || field.input === "number" ? "decimal" : undefined}
            autocomplete="off"
            spellcheck={false}
            required={field.required}
            aria-invalid={problems.some((p) => p.severity === "error")}
            aria-describedby={describedBy}
            placeholder={field.placeholder}
            value={text}
            onInput={(e) => update(e.currentTarget.value)}
          />
        )}
        {field.secret && (
          <button type="button" class="reveal" aria-pressed={revealed} aria-label={`${revealed ? "Hide" : "Show"} ${field.label}`} onClick={() => setRevealed(!revealed)}>
            {revealed ? "Hide" : "Show"}
          </button>
        )}
      </div>
      {field.description && (
        <p class="note" id={`${id}-description`}>
          {field.description}
        </p>
      )}
      <ProblemLines problems={problems} id={`${id}-problems`} />
    </div>
  );
}
