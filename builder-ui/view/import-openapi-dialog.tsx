import { useState } from "preact/hooks";
import { api, ApiError } from "../api-client.js";
import type { ImportOpenApiResult } from "../../core/builder/builder-api-types.js";
import { ModalDialog, SubmitOrCancel } from "./modal-dialog.js";

/**
 * "Import OpenAPI": a connector from an OpenAPI 3.0/3.1 or Swagger 2.0 document, by URL or from a file,
 * as `sluice init --openapi` writes one. The server writes the manifest (asking first when it would
 * replace streams) and adds the inputs to fill; the dialog then lists the streams and every guess with
 * its evidence, and Done loads the new manifest into the page.
 */
export function ImportOpenApiDialog({ unsaved, onDone, onCancel }: { unsaved: boolean; onDone(result: ImportOpenApiResult): void; onCancel(): void }) {
  const [source, setSource] = useState("");
  const [file, setFile] = useState<File>();
  const [baseUrl, setBaseUrl] = useState("");
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const [replaces, setReplaces] = useState<string>();
  const [result, setResult] = useState<ImportOpenApiResult>();

  const run = async (replace: boolean) => {
    setRunning(true);
    setError(undefined);
    try {
      const text = file ? await file.text() : undefined;
      setResult(await api.importOpenApi({ source: file ? file.name : source.trim(), text, url: baseUrl.trim() || undefined, replace }));
      setReplaces(undefined);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "BUILDER_IMPORT_REPLACES_STREAMS") setReplaces(failure.message);
      else setError((failure as Error).message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <ModalDialog id="import-openapi" title="Import OpenAPI" busy={running} onCancel={onCancel} style={{ maxWidth: "52rem" }}>
      {!result && (
        <form
          class="import-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run(false);
          }}
        >
          <p>One stream per list endpoint, with its records path, primary key, pagination and schema; the authentication from the document's security schemes.</p>
          <label>
            Document URL
            <input type="url" value={source} placeholder="https://api.example.com/openapi.json" disabled={Boolean(file)} onInput={(e) => setSource(e.currentTarget.value)} />
          </label>
          <label>
            Or a document file
            <input type="file" accept=".json,.yaml,.yml,application/json,application/yaml" onChange={(e) => setFile(e.currentTarget.files?.[0])} />
          </label>
          <label>
            Base URL (optional: instead of the document's servers)
            <input type="url" value={baseUrl} onInput={(e) => setBaseUrl(e.currentTarget.value)} />
          </label>
          {unsaved && <p class="note">The page has unsaved edits: the import writes a new manifest and they are dropped.</p>}
          {error && <p class="problem-line error">Not imported: {error}</p>}
          {replaces && (
            <p class="problem-line warning" role="alert">
              {replaces}.{" "}
              <button type="button" class="danger" onClick={() => void run(true)} disabled={running}>
                Replace them
              </button>
            </p>
          )}
          <SubmitOrCancel label={running ? "Importing…" : "Import"} disabled={running || (!file && !source.trim())} onCancel={onCancel} />
        </form>
      )}
      {result && (
        <>
          <p role="status">
            Imported {result.streams.length} stream{result.streams.length === 1 ? "" : "s"}: {result.streams.join(", ")}.
            {result.inputs.length > 0 && ` Fill in the testing values: ${result.inputs.join(", ")}.`}
          </p>
          <h3>What each guess relied on</h3>
          <pre class="import-report" aria-label="Import report">{result.report.join("\n")}</pre>
          <div class="dialog-buttons">
            <button type="button" class="primary" onClick={() => onDone(result)}>
              Done
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
