import type { TestReadResult } from "../api-client.js";

/**
 * The result of the Test button (a test read of the current stream with the testing values, as
 * `sluice test-read` does it): the records, each page's request and status, warnings and the error.
 * Issue 26 ("the test panel") grows this into the full panel.
 */
export function TestResult({ running, result, error, onClose }: { running: boolean; result?: TestReadResult; error?: string; onClose(): void }) {
  return (
    <section class="test-result" aria-labelledby="test-title" aria-busy={running}>
      <h2 id="test-title">Test read</h2>
      {running && <p role="status">Reading…</p>}
      {error && <p class="problem-line error">{error}</p>}
      {result?.streams.map((stream) => {
        const pages = stream.slices.flatMap((s) => s.pages);
        const records = pages.flatMap((p) => p.records).slice(0, 5);
        return (
          <div class="stream-result">
            <p role="status">
              {stream.name}: {stream.records} record{stream.records === 1 ? "" : "s"} in {pages.length} page{pages.length === 1 ? "" : "s"}
              {stream.error ? "; the read failed" : ""}
            </p>
            {stream.error && <p class="problem-line error">{stream.error}</p>}
            <ol class="pages-list">
              {pages.map((p) => (
                <li>
                  <code>
                    {p.request?.method} {p.request?.url}
                  </code>{" "}
                  → {p.response?.status ?? "no response"}
                  {p.stop_reason ? ` · ${p.stop_reason}` : ""}
                </li>
              ))}
            </ol>
            {records.length > 0 && <pre class="records">{records.map((r) => JSON.stringify(r)).join("\n")}</pre>}
          </div>
        );
      })}
      {result?.warnings.map((w) => (
        <p class="note">{w}</p>
      ))}
      {!running && (
        <button type="button" class="link" onClick={onClose}>
          Close the test result
        </button>
      )}
    </section>
  );
}
