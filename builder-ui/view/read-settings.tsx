import type { ReadLimits } from "../api-client.js";

interface ReadSettingsProps {
  limits: ReadLimits;
  onLimits(limits: ReadLimits): void;
  inputState: string;
  onInputState(text: string): void;
  /** What is wrong with the Input state for this stream (its state shape), if anything. */
  stateProblem?: string;
}

/** The product's test-read settings: each limit with its range, and the Input state the next read starts from. */
const LIMITS: ReadonlyArray<{ key: keyof ReadLimits; label: string; max: number }> = [
  { key: "records", label: "Maximum number of records", max: 5000 },
  { key: "pages", label: "Maximum number of pages", max: 20 },
  { key: "slices", label: "Maximum number of partitions", max: 20 },
];

/**
 * The test read's settings, as the product's "Advanced Settings" holds them: the limits (records,
 * pages per partition, partitions) and the "Input state" (JSON) the next test read starts from, checked
 * against the stream's state shape as it is typed.
 */
export function ReadSettings({ limits, onLimits, inputState, onInputState, stateProblem }: ReadSettingsProps) {
  return (
    <details class="read-settings" open={inputState.trim() !== ""}>
      <summary>
        Read settings: at most {limits.records} records, {limits.pages} pages per partition, {limits.slices} partitions{inputState.trim() ? "; with an input state" : ""}
      </summary>
      <div class="read-limits">
        {LIMITS.map((limit) => (
          <label class="pages-input">
            {limit.label}
            <input
              type="number"
              min={1}
              max={limit.max}
              value={limits[limit.key]}
              onChange={(e) => onLimits({ ...limits, [limit.key]: Math.max(1, Math.min(limit.max, Math.round(Number(e.currentTarget.value)) || 1)) })}
            />
          </label>
        ))}
      </div>
      <div class={`field${stateProblem ? " has-problem" : ""}`}>
        <label for="input-state">Input state</label>
        <textarea id="input-state" rows={4} spellcheck={false} placeholder='{"updated_at": "2024-01-01T00:00:00Z"}' value={inputState} aria-describedby="input-state-note" onInput={(e) => onInputState(e.currentTarget.value)} />
        <p class="note" id="input-state-note">
          JSON: the stream's state the next test read starts from (empty: from the start).
        </p>
        {stateProblem && <p class="problem-line error">{stateProblem}</p>}
      </div>
    </details>
  );
}
