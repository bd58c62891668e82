import type { Finding } from "../api-client.js";
import type { AuthWarning } from "../model/auth-rules.js";
import { testingValueFields, withValueAt, type TestingValueField } from "../model/testing-value-fields.js";
import { TestingValueGroup, type PlacedProblem } from "./testing-value-group.js";

interface TestingValuesPanelProps {
  spec: Record<string, unknown> | null;
  values: Record<string, unknown>;
  /** The validator's findings; `CONFIG_INVALID` ones at `config.<path>` belong to a field here. */
  findings: readonly Finding[];
  /** The Builder's own rules about a testing value (the Refresh Token Updater's initial token): warnings at that input. */
  warnings?: readonly AuthWarning[];
  onChange(values: Record<string, unknown>): void;
}

/**
 * The testing values: one field per user input of the spec, typed as the spec types it, an object's
 * properties as a group of fields (a `oneOf` object as a choice of its options), secrets masked with a
 * reveal toggle, required ones marked, each checked by the validator as it is typed. They are saved
 * only to `secrets/config.json`, never into the manifest.
 */
export function TestingValuesPanel({ spec, values, findings, warnings = [], onChange }: TestingValuesPanelProps) {
  const fields = testingValueFields(spec);
  const root: TestingValueField = { name: "", path: [], label: "User inputs", input: "group", secret: false, required: false, fields };
  // Each problem keeps its own severity: the validator's (a value the spec refuses is an error), the Builder's rules' (warnings).
  const problems: PlacedProblem[] = [
    ...findings.filter((f) => f.code === "CONFIG_INVALID").map((f): PlacedProblem => ({ path: f.path, severity: f.severity === "warning" ? "warning" : "error", message: f.message })),
    ...warnings.filter((w) => w.input !== undefined).map((w): PlacedProblem => ({ path: `config.${w.input}`, severity: "warning", message: w.message })),
  ];
  return (
    <section class="form-view testing-values" aria-labelledby="testing-title">
      <h2 id="testing-title">Testing values</h2>
      <p class="lead">
        The values of the connector's user inputs while you build it. They are kept only in <code>secrets/config.json</code> (owner-only, git-ignored) and never written
        into the manifest.
      </p>
      {fields.length === 0 ? (
        <>
          <p class="note">The spec declares no user inputs (spec.connection_specification.properties).</p>
          {problems.map((p) => (
            <p class={`problem-line ${p.severity}`}>{`${p.path}: ${p.message}`}</p>
          ))}
        </>
      ) : (
        <TestingValueGroup field={root} values={values} problems={problems} onChange={(path, value) => onChange(withValueAt(values, path, value))} />
      )}
    </section>
  );
}
