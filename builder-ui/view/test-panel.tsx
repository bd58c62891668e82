import { useEffect, useRef, useState } from "preact/hooks";
import type { FieldOrigin, ReadLimits } from "../api-client.js";
import type { DetectedSchema } from "../model/detected-schema.js";
import { refusedStatus, type CredentialTarget } from "../model/credential-target.js";
import { errorTarget } from "../model/error-target.js";
import { pagesOf, type TestReadResult } from "../model/test-read.js";
import { PageView } from "./page-view.js";
import { ReadSettings } from "./read-settings.js";
import { SchemaDiff } from "./schema-diff.js";
import { SliceStates } from "./slice-states.js";

export interface TestPanelProps {
  stream: string;
  running: boolean;
  result?: TestReadResult;
  /** The request itself failed (the server answered an error, or the read was cancelled). */
  error?: string;
  limits: ReadLimits;
  onLimits(limits: ReadLimits): void;
  /** The Input state as typed (JSON), and what is wrong with it for this stream. */
  inputState: string;
  onInputState(text: string): void;
  stateProblem?: string;
  onCancel(): void;
  onClose(): void;
  /** Takes the author to the place an error is about: its form field (when a form shows it) and its line in the YAML. */
  onGoTo(path: string, origin?: FieldOrigin): void;
  /** The field the stream's credential is typed in (a 401 or 403 links to it), and the way there. */
  credential: CredentialTarget;
  onGoToCredential(): void;
  schema: { detected?: DetectedSchema; problem?: string; dateTimeFormats: boolean; onDateTimeFormats(on: boolean): void; onAccept(): void };
}

/**
 * The test panel: a test read of the stream being edited (the same recorder as `sluice test-read
 * --json`), its pages by a page selector, each page's exchanges, records and pagination decision
 * ({@link PageView}), the logs and the error beside them (an error about a manifest field links to the
 * field), and the schema detected from the records ({@link SchemaDiff}).
 */
export function TestPanel(props: TestPanelProps) {
  const { stream, running, result, error, onCancel, onClose, onGoTo, schema } = props;
  const [selected, setSelected] = useState(0);
  const [partition, setPartition] = useState(0);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    setSelected(0);
    setPartition(0);
  }, [result]);
  // A new test read brings the panel into view (it sits under the stream's form).
  useEffect(() => {
    if (running) region.current?.scrollIntoView({ block: "start" });
  }, [running]);
  const read = result?.streams[0];
  const all = read ? pagesOf(read) : [];
  // With several partitions (slices), the pages of the one chosen.
  const numbered = read && read.slices.length > 1 ? all.filter((p) => p.sliceNumber === partition + 1) : all;
  const current = numbered[Math.min(selected, numbered.length - 1)];
  const target = read?.error_path ? errorTarget(read.error_path) : undefined;
  const refused = read ? refusedStatus(read) : undefined;

  return (
    <section class="test-panel" ref={region} aria-labelledby="test-title" aria-busy={running}>
      <div class="panel-head">
        <h2 id="test-title">Test read: {stream}</h2>
        {running ? (
          <button type="button" class="danger" onClick={onCancel}>
            Cancel test read
          </button>
        ) : (
          <button type="button" class="link" onClick={onClose}>
            Close the test panel
          </button>
        )}
      </div>
      <ReadSettings limits={props.limits} onLimits={props.onLimits} inputState={props.inputState} onInputState={props.onInputState} stateProblem={props.stateProblem} />
      {running && <p role="status">Reading {stream}…</p>}
      {error && <p class="problem-line error">{error}</p>}
      {read && (
        <p role="status" class="summary">
          {read.name}: {read.records} record{read.records === 1 ? "" : "s"} in {all.length} page{all.length === 1 ? "" : "s"}
          {read.slices.length > 1 ? ` of ${read.slices.length} slices` : ""}
          {read.estimate !== undefined ? ` (the API announces ~${read.estimate})` : ""}
          {read.error ? "; the read failed" : ""}
        </p>
      )}
      {(read?.error || refused !== undefined || (result?.warnings.length ?? 0) > 0 || (result?.logs?.length ?? 0) > 0) && (
        <div class="logs" role="log" aria-label="Logs">
          {read?.error && (
            <div class="problem-line error">
              <pre class="error-text">{read.error}</pre>
              {read.error_path && (
                <p>
                  <button type="button" class="link" onClick={() => onGoTo(read.error_path!, read.error_origin)}>
                    {target ? `Go to ${target.field.label}` : `Show ${read.error_path} in YAML`}
                  </button>
                </p>
              )}
            </div>
          )}
          {refused !== undefined && (
            <p class="problem-line error">
              The API answered {refused} {refused === 401 ? "Unauthorized" : "Forbidden"}: it refused the credential.{" "}
              <button type="button" class="link" onClick={props.onGoToCredential}>
                Go to {props.credential.label}
              </button>
            </p>
          )}
          {result?.warnings.map((w) => (
            <p class="warning-line">warning: {w}</p>
          ))}
          {result?.logs?.map((entry) => (
            <p class={`log-line ${entry.level}`}>
              {entry.level}: {entry.message}
            </p>
          ))}
        </div>
      )}
      {read && <SliceStates read={read} partition={partition} onPartition={setPartition} onUseState={props.onInputState} />}
      {numbered.length > 0 && (
        <>
          <div class="page-selector" role="group" aria-label="Pages read">
            {numbered.map((p, i) => (
              <button type="button" aria-pressed={current === p} onClick={() => setSelected(i)} title={`${p.page.records.length} records`}>
                {`Page ${p.number}`}
              </button>
            ))}
          </div>
          {current && <PageView page={current} />}
        </>
      )}
      {read && !running && <SchemaDiff {...schema} />}
    </section>
  );
}
