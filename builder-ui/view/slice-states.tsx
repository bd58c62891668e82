import type { TestStream } from "../model/test-read.js";

interface SliceStatesProps {
  read: TestStream;
  /** The partition (slice) shown, 0-based. */
  partition: number;
  onPartition(index: number): void;
  /** Puts a state into the Input state (the product's "Use as Input State"). */
  onUseState(text: string): void;
}

/**
 * A test read's partitions and states: the product's partition selector ("Partition 1…n", with the
 * chosen slice's descriptor as `key: value`), the state the chosen slice ended with, and the stream's
 * final state, each with "Use as Input State" so the next test read starts from it.
 */
export function SliceStates({ read, partition, onPartition, onUseState }: SliceStatesProps) {
  const slice = read.slices[partition];
  return (
    <div class="slice-states">
      {read.slices.length > 1 && (
        <div class="field partition-selector">
          <label for="partition-selector">Partition</label>
          <select id="partition-selector" value={String(partition)} onChange={(e) => onPartition(Number(e.currentTarget.value))}>
            {read.slices.map((_, i) => (
              <option value={String(i)}>Partition {i + 1}</option>
            ))}
          </select>
          {slice && <code class="slice-descriptor" aria-label="Slice">{describeSlice(slice.slice)}</code>}
        </div>
      )}
      {slice?.state && <StateBlock title={read.slices.length > 1 ? `State after partition ${partition + 1}` : "State after the slice"} state={slice.state} onUseState={onUseState} />}
      {read.state && <StateBlock title="Final state" state={read.state} onUseState={onUseState} />}
    </div>
  );
}

function StateBlock({ title, state, onUseState }: { title: string; state: Record<string, unknown>; onUseState(text: string): void }) {
  const text = JSON.stringify(state, null, 2);
  return (
    <section class="state-block" aria-label={title}>
      <h3>{title}</h3>
      <pre>{text}</pre>
      <button type="button" class="link" onClick={() => onUseState(text)}>
        Use as Input State
      </button>
    </section>
  );
}

/** A slice as the product shows it: `key: value` pairs (nested values as JSON). */
function describeSlice(slice: Record<string, unknown>): string {
  const entries = Object.entries(slice);
  if (entries.length === 0) return "(no slice values)";
  return entries.map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`).join(", ");
}
