import { describeDifference, type DetectedSchema } from "../model/detected-schema.js";

interface SchemaDiffProps {
  detected?: DetectedSchema;
  /** Why there is no detected schema (no records, the request failed). */
  problem?: string;
  dateTimeFormats: boolean;
  onDateTimeFormats(on: boolean): void;
  onAccept(): void;
}

/**
 * The schema detected from the test read's records (the kit's shape: every type nullable, no
 * `required`) beside the stream's declared one, with the differences listed (a field the declaration
 * lacks, a declared type the records contradict), and one action that writes it into the stream.
 */
export function SchemaDiff({ detected, problem, dateTimeFormats, onDateTimeFormats, onAccept }: SchemaDiffProps) {
  const where = !detected ? "" : detected.target.kind === "file" ? `into ${detected.target.file}` : detected.target.kind === "inline" ? `into ${detected.target.sourcePath}` : "";
  return (
    <section class="schema-diff" aria-labelledby="schema-title">
      <h3 id="schema-title">Detected schema</h3>
      <label class="control-row">
        <input type="checkbox" checked={dateTimeFormats} onChange={(e) => onDateTimeFormats(e.currentTarget.checked)} />
        Detect date-time formats
      </label>
      {problem && <p class="note">{problem}</p>}
      {detected && (
        <>
          {detected.differences.length === 0 ? (
            <p class="note" role="status">The records match the declared schema.</p>
          ) : (
            <ul class="differences" aria-label="Schema differences">
              {detected.differences.map((d) => (
                <li class={d.kind}>{describeDifference(d)}</li>
              ))}
            </ul>
          )}
          <div class="schema-columns">
            <div>
              <h4>Detected</h4>
              <pre class="body" aria-label="Detected schema JSON">{JSON.stringify(detected.inferred, null, 2)}</pre>
            </div>
            <div>
              <h4>Declared{detected.declaredIn.kind === "file" ? ` (${detected.declaredIn.file})` : detected.declaredIn.kind === "inline" ? " (inline)" : ""}</h4>
              <pre class="body" aria-label="Declared schema JSON">{detected.declared ? JSON.stringify(detected.declared, null, 2) : "The stream declares no schema."}</pre>
            </div>
          </div>
          {detected.target.kind === "none" ? (
            <p class="note">{detected.target.reason}</p>
          ) : (
            <button type="button" class="primary" onClick={onAccept} disabled={!detected.inferred}>
              Use the detected schema
            </button>
          )}
          {where && <span class="note"> Writes it {where}.</span>}
        </>
      )}
    </section>
  );
}
