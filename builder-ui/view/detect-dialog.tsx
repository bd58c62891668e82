import { stringify } from "yaml";
import type { Detection } from "../api-client.js";
import { changedFields } from "../model/apply-detection.js";
import { ModalDialog } from "./modal-dialog.js";

/**
 * Detect's proposal for the stream being edited: each field it would change (old -> new) with the
 * evidence the guess came from, how the pagination was confirmed by reading, the paginators turned
 * down and what could not be decided. Apply writes the changes into the manifest (then a test read
 * runs); Dismiss leaves the manifest as it is.
 */
export function DetectDialog({ stream, running, result, error, onApply, onDismiss }: { stream: string; running: boolean; result?: Detection; error?: string; onApply(): void; onDismiss(): void }) {
  const changes = result ? changedFields(result) : [];
  return (
    <ModalDialog id="detect" title={`Detect: ${stream}`} class="detect-dialog" busy={running} onCancel={onDismiss} style={{ maxWidth: "52rem" }}>
      {running && <p role="status">Reading the first page, then a few pages for each paginator that could fit…</p>}
      {error && <p class="problem-line error">Detection failed: {error}</p>}
      {result && (
        <>
          <p>
            From{" "}
            <code>
              {result.request.method} {result.request.url}
            </code>{" "}
            ({result.request.status})
          </p>
          {changes.length === 0 ? (
            <p role="status">Nothing to change: the stream already reads as detected.</p>
          ) : (
            <ul class="detect-changes" aria-label="Proposed changes">
              {changes.map((change) => (
                <li>
                  <strong>{change.field}</strong> <code>{change.path}</code>: <Value value={change.old} /> → <Value value={change.value} />
                  <div class="note">evidence: {change.evidence}</div>
                </li>
              ))}
            </ul>
          )}
          {result.confirmation && <p>Confirmed by reading: {result.confirmation.text}.</p>}
          {result.rejected.length > 0 && (
            <>
              <h3>Tried and turned down</h3>
              <ul aria-label="Turned down">{result.rejected.map((r) => <li>{r}</li>)}</ul>
            </>
          )}
          <h3>Could not decide</h3>
          {result.undecided.length === 0 ? <p>Nothing: every guess had its evidence.</p> : <ul aria-label="Could not decide">{result.undecided.map((u) => <li>{u}</li>)}</ul>}
        </>
      )}
      <div class="dialog-buttons">
        <button type="button" class="primary" onClick={onApply} disabled={running || changes.length === 0}>
          Apply
        </button>
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </ModalDialog>
  );
}

/** A value as the manifest would write it: a scalar or a short list on the line, a component as a YAML block. */
function Value({ value }: { value: unknown }) {
  if (value === undefined) return <code>(none)</code>;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return <pre style={{ margin: "0.25rem 0", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{stringify(value, { lineWidth: 0 }).trimEnd()}</pre>;
  }
  return <code>{JSON.stringify(value)}</code>;
}
