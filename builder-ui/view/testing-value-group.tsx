import { chooseChoice, chosenChoice, chosenProblems, shareProblems, valueAt, type TestingValueField } from "../model/testing-value-fields.js";
import { ProblemLines, type Problem } from "./problem-lines.js";
import { TestingValueControl } from "./testing-value-control.js";

/** A problem at a place of the testing values (`config.credentials.username`). */
export interface PlacedProblem extends Problem {
  path: string;
}

interface TestingValueGroupProps {
  /** A group (its `fields`) or a choice (its `choices`, the chosen one's fields shown). */
  field: TestingValueField;
  /** All the testing values; each field reads its own at its path. */
  values: Readonly<Record<string, unknown>>;
  /** The problems at this group's path or below it. */
  problems: readonly PlacedProblem[];
  onChange(path: readonly string[], value: unknown): void;
}

/**
 * An object input as a group named by its title: a control per property (nested objects as groups
 * again); for a `oneOf` object, a list of its options by title (the saved value's preselected) and the
 * chosen option's fields, choosing one writing its discriminator. A problem no field below takes (the
 * object's own) shows under the group.
 */
export function TestingValueGroup({ field, values, problems, onChange }: TestingValueGroupProps) {
  const value = valueAt(values, field.path);
  const chosen = field.input === "choice" ? chosenChoice(field, value) : -1;
  const fields = field.input === "choice" ? (field.choices?.[chosen]?.fields ?? []) : (field.fields ?? []);
  const shared = shareProblems(field.input === "choice" && chosen >= 0 ? chosenProblems(field, chosen, problems) : problems, fields);
  const id = `testing-${field.name || "inputs"}`;
  const rest = shared.rest.map((p): Problem => ({ severity: p.severity, message: p.path === `config.${field.name}` ? p.message : `${p.path}: ${p.message}` }));
  return (
    <fieldset class={field.path.length > 0 ? "nested" : undefined} aria-describedby={field.description ? `${id}-description` : undefined}>
      <legend>
        {field.label}
        {field.required && (
          <span class="required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </legend>
      {field.description && (
        <p class="note" id={`${id}-description`}>
          {field.description}
        </p>
      )}
      {field.input === "choice" && (
        <div class="field">
          <select
            id={id}
            aria-label={field.label}
            required={field.required}
            value={chosen < 0 ? "" : String(chosen)}
            onChange={(e) => onChange(field.path, chooseChoice(field, value, e.currentTarget.value === "" ? -1 : Number(e.currentTarget.value)))}
          >
            <option value="">(not set)</option>
            {(field.choices ?? []).map((choice, index) => (
              <option value={String(index)}>{choice.title}</option>
            ))}
          </select>
        </div>
      )}
      {field.input === "choice" && chosen < 0 && value !== undefined && (
        <p class="note">The saved value is none of these options: choosing one keeps its values for that option's properties.</p>
      )}
      {fields.map((child) =>
        child.input === "group" || child.input === "choice" ? (
          <TestingValueGroup key={`${chosen}:${child.name}`} field={child} values={values} problems={shared.of(child)} onChange={onChange} />
        ) : (
          <TestingValueControl key={`${chosen}:${child.name}`} field={child} value={valueAt(values, child.path)} problems={shared.of(child)} onChange={(v) => onChange(child.path, v)} />
        ),
      )}
      <ProblemLines problems={rest} id={`${id}-problems`} />
    </fieldset>
  );
}
