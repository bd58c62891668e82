import { ProblemLines } from "./problem-lines.js";
import { INJECT_INTO_CHOICES, type InjectInto, type RequestOptionState } from "../model/request-option.js";

/** What a request-option group shows and reports. */
interface RequestOptionGroupProps {
  /** The product's title, the group's accessible name: "Inject API Key into outgoing HTTP request", "Inject offset into outgoing HTTP request", ... */
  title: string;
  /** A page-unique prefix for the controls' ids. */
  id: string;
  value: RequestOptionState;
  /** The targets offered, in order (default: header, query parameter, body data, body JSON). Add "path" where the product allows it (the cursor). */
  targets?: readonly InjectInto[];
  /** The field name's label (default "Field name"). */
  fieldLabel?: string;
  /** One line under the group. */
  hint?: string;
  /** Problems shown under the group (the validator's, the Builder's rules). */
  problems?: ReadonlyArray<{ severity: "error" | "warning"; message: string }>;
  /** With `onToggle`, a checkbox named by the title turns the injection on or off (pagination's "may be turned off"); off hides the controls. */
  enabled?: boolean;
  onToggle?(on: boolean): void;
  /** A change: the whole new state, and which part changed (write only that key where the option is written). */
  onChange(next: RequestOptionState, changed: "injectInto" | "fieldName"): void;
}

const DEFAULT_TARGETS: readonly InjectInto[] = ["header", "request_parameter", "body_data", "body_json"];

/**
 * One injection, as the product shows it: a group (role group) named by its title, holding "Inject
 * into" (where the value goes) and "Field name" (the header, parameter or body property; none for
 * `path`). Shared by the authentication form (API Key, a session token's data request) and the
 * pagination form (limit, offset, page number, cursor). It knows nothing of the manifest: the caller
 * reads the written option with `requestOptionOf` and writes the changed key at its origin.
 *
 * @example
 * <RequestOptionGroup title="Inject API Key into outgoing HTTP request" id="api-key" value={requestOptionOf(written)}
 *   onChange={(next, changed) => changed === "injectInto" ? write("inject_into", next.injectInto) : write("field_name", next.fieldName)} />
 */
export function RequestOptionGroup(props: RequestOptionGroupProps) {
  const { title, id, value, targets = DEFAULT_TARGETS, fieldLabel = "Field name", hint, problems = [], enabled = true, onToggle, onChange } = props;
  // In the caller's order; a target written but not offered is still shown (a manifest from elsewhere).
  const offered = value.injectInto && !targets.includes(value.injectInto) ? [...targets, value.injectInto] : targets;
  const choices = offered.map((target) => INJECT_INTO_CHOICES.find((c) => c.value === target)!);
  const describedBy = [hint ? `${id}-hint` : "", problems.length ? `${id}-problems` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset class={`request-option${problems.length ? " has-problem" : ""}`} aria-describedby={describedBy}>
      <legend>{title}</legend>
      {onToggle && (
        <div class="field toggle">
          <label>
            <input type="checkbox" checked={enabled} aria-label={title} onChange={(e) => onToggle(e.currentTarget.checked)} /> Inject
          </label>
        </div>
      )}
      {enabled && (
        <div class="request-option-row">
          <div class="field">
            <label for={`${id}-inject-into`}>Inject into</label>
            <select id={`${id}-inject-into`} value={value.injectInto} onChange={(e) => onChange({ ...value, injectInto: e.currentTarget.value as InjectInto }, "injectInto")}>
              {value.injectInto === "" && <option value="">(choose)</option>}
              {choices.map((c) => (
                <option value={c.value}>{c.label}</option>
              ))}
            </select>
          </div>
          {value.injectInto !== "path" && (
            <div class="field">
              <label for={`${id}-field-name`}>{fieldLabel}</label>
              <input id={`${id}-field-name`} type="text" spellcheck={false} value={value.fieldName} onInput={(e) => onChange({ ...value, fieldName: e.currentTarget.value }, "fieldName")} />
            </div>
          )}
        </div>
      )}
      {hint && (
        <p class="note" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <ProblemLines problems={problems} id={`${id}-problems`} />
    </fieldset>
  );
}
