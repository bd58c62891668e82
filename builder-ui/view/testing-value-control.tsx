import { useState } from "preact/hooks";
import { ProblemLines, type Problem } from "./problem-lines.js";
import { shownValue, typedValue, type TestingValueField } from "../model/testing-value-fields.js";

/**
 * One testing value's control, typed as the spec types it: a checkbox, a list of choices, or a text
 * field (numbers, lists as comma-separated text, JSON); a secret (or JSON holding one) is masked until
 * its Show button is pressed; the problems at its path show under it.
 */
export function TestingValueControl({ field, value, problems, onChange }: { field: TestingValueField; value: unknown; problems: readonly Problem[]; onChange(value: unknown): void }) {
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
