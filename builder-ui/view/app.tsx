import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, ApiError, type Analysis, type Detection, type FieldOrigin, type Finding, type Session } from "../api-client.js";
import { applyDetection, changedFields } from "../model/apply-detection.js";
import { authWarnings } from "../model/auth-rules.js";
import { credentialTarget } from "../model/credential-target.js";
import { errorTarget } from "../model/error-target.js";
import { ALL_FIELD_PATHS, GLOBAL_SECTIONS } from "../model/form-fields.js";
import { ManifestModel, type Segment } from "../model/manifest-model.js";
import { COMPONENT_SECTION_PATHS } from "../model/component-paths.js";
import { PAGINATION_FIELD_PATHS } from "../model/pagination-forms.js";
import { REQUEST_FIELD_PATHS } from "../model/request-forms.js";
import { secretInManifest } from "../model/secret-in-manifest.js";
import { addStream, removeStream, writeField } from "../model/stream-edits.js";
import { AuthenticationSection, AUTHENTICATOR_PATH } from "./authentication-section.js";
import { ConflictDialog } from "./conflict-dialog.js";
import { DetectDialog } from "./detect-dialog.js";
import { UNFOLD_EVENT } from "./folding-fieldset.js";
import { FormView } from "./form-view.js";
import { ImportOpenApiDialog } from "./import-openapi-dialog.js";
import { InputsPage } from "./inputs-page.js";
import { StreamList } from "./stream-list.js";
import { StreamPage } from "./stream-page.js";
import { TestPanel } from "./test-panel.js";
import { useAnalysis } from "./use-analysis.js";
import { useTestRead } from "./use-test-read.js";
import { TestingValuesPanel } from "./testing-values-panel.js";
import { YamlEditor } from "./yaml-editor.js";

type Page = { kind: "global" } | { kind: "stream"; index: number } | { kind: "inputs" } | { kind: "testing" };

/** How long the testing values wait after the last keystroke before they are saved. */
const VALUES_SAVE_DELAY_MS = 500;
/** Every manifest path the page's forms show: what each analysis is asked about. */
export const FIELD_PATHS = [...ALL_FIELD_PATHS, AUTHENTICATOR_PATH, ...REQUEST_FIELD_PATHS, ...PAGINATION_FIELD_PATHS, ...COMPONENT_SECTION_PATHS];

/**
 * The Builder's page: a navigation (Global Configuration, the streams, Testing values), the form of
 * the chosen page beside the YAML view, both on one {@link ManifestModel}, and the bar with Save and
 * Test. The validator runs as the author types (the server's `sluice validate`).
 */
export function App({ session, initialAnalysis }: { session: Session; initialAnalysis?: Analysis }) {
  const [model, setModel] = useState(() => ManifestModel.parse(session.manifest.text));
  const [saved, setSaved] = useState(session.manifest);
  const [values, setValues] = useState(session.testingValues);
  const [savedValues, setSavedValues] = useState(JSON.stringify(session.testingValues));
  const [page, setPage] = useState<Page>({ kind: "global" });
  const [reveal, setReveal] = useState<{ line: number; nonce: number }>();
  const [conflict, setConflict] = useState(false);
  const [status, setStatus] = useState(session.created.length ? `The folder had no manifest: created ${session.created.join(", ")}.` : "");
  const [focusId, setFocusId] = useState<string>();
  const [detect, setDetect] = useState<{ stream: string; running: boolean; result?: Detection; error?: string }>();
  const [importing, setImporting] = useState(false);
  /** Save's refusal of a secret written in the manifest, at its line, until the text changes. */
  const [saveProblem, setSaveProblem] = useState<{ text: string; finding: Finding }>();

  const analysis = useAnalysis({
    text: model.text,
    values,
    fields: FIELD_PATHS,
    initial: initialAnalysis && { analysis: initialAnalysis, text: session.manifest.text, values: session.testingValues },
    onError: (error) => setStatus(`Could not check the manifest: ${error.message}`),
  });

  const manifestDirty = model.text !== saved.text;
  const valuesDirty = JSON.stringify(values) !== savedValues;

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (manifestDirty || valuesDirty) event.preventDefault();
    };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [manifestDirty, valuesDirty]);

  const edit = (segments: Segment[], value: unknown) => setModel((current) => writeField(current, segments, value));
  const newStream = (stream: { name: string; path: string }) => {
    setModel((current) => addStream(current, stream));
    setPage({ kind: "stream", index: analysis.streams.length });
  };
  const dropStream = (index: number) => {
    setModel((current) => removeStream(current, index));
    setPage(analysis.streams.length > 1 ? { kind: "stream", index: Math.max(0, index - 1) } : { kind: "global" });
  };
  const showLine = (line: number) => setReveal({ line, nonce: (reveal?.nonce ?? 0) + 1 });
  /** Saves the testing values typed since the last save (a consent reads the saved ones; a test read and Detect carry them). */
  const flushValues = async () => {
    if (!valuesDirty) return;
    await api.saveTestingValues(values);
    setSavedValues(JSON.stringify(values));
  };
  /** Values written on disk by the server (a rotated token, a consent's tokens): shown, and saved as they are. */
  const adoptSavedValues = (fresh: Record<string, unknown>) => {
    setValues(fresh);
    setSavedValues(JSON.stringify(fresh));
  };

  // Testing values are saved as the author types them, once the typing pauses.
  useEffect(() => {
    if (!valuesDirty) return;
    const timer = setTimeout(() => flushValues().catch((error: Error) => setStatus(`Testing values not saved: ${error.message}`)), VALUES_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, savedValues]);

  const save = async (overwrite = false) => {
    setConflict(false);
    try {
      await flushValues();
      if (manifestDirty || overwrite) setSaved(await api.saveManifest(model.text, saved.hash, overwrite));
      setStatus(`Saved ${new Date().toLocaleTimeString()}.`);
    } catch (error) {
      if (error instanceof ApiError && error.code === "BUILDER_MANIFEST_CHANGED") setConflict(true);
      else if (error instanceof ApiError && error.code === "BUILDER_TESTING_VALUE_IN_MANIFEST") {
        const finding = secretInManifest(model, values);
        setSaveProblem({ text: model.text, finding });
        if (finding.line !== undefined) showLine(finding.line);
        setStatus(`Not saved: ${error.message} (the problem is at its line in the YAML).`);
      } else setStatus(`Not saved: ${(error as Error).message}`);
    }
  };

  const reloadFromDisk = async () => {
    setConflict(false);
    const disk = await api.readManifest();
    setSaved(disk);
    setModel(ManifestModel.parse(disk.text));
    setStatus("Reloaded manifest.yaml from disk; your unsaved edits were dropped.");
  };

  /** After an OpenAPI import: the manifest and testing values it wrote, loaded into the page. */
  const adoptImport = async (streams: string[]) => {
    // The dialog stays until the new manifest is here, so the page never shows the old one after Done.
    const fresh = await api.session();
    setImporting(false);
    setSaved(fresh.manifest);
    setModel(ManifestModel.parse(fresh.manifest.text));
    adoptSavedValues(fresh.testingValues);
    setPage(streams.length ? { kind: "stream", index: 0 } : { kind: "global" });
    setStatus(`Imported ${streams.length} stream${streams.length === 1 ? "" : "s"} from the OpenAPI document.`);
  };

  const streamIndex = page.kind === "stream" ? page.index : 0;
  const test = useTestRead({
    text: () => model.text,
    values: () => values,
    // A token the API rotated was written to secrets/config.json: the panel shows the new one.
    rotated: adoptSavedValues,
    edit: setModel,
    status: setStatus,
    stateShape: (name) => {
      const index = analysis.streams.indexOf(name);
      const partitions = analysis.fields[`streams[${index}].retriever.partition_router`]?.value;
      return { cursor: analysis.fields[`streams[${index}].incremental_sync`]?.value, partitioned: partitions !== undefined && partitions !== null };
    },
  });
  const runTest = () => {
    const stream = analysis.streams[streamIndex];
    if (stream === undefined) return setStatus("Nothing to test: the manifest has no stream that resolves.");
    void test.run(stream);
  };
  // An error about a manifest field: its form field (focused once its page is drawn) and its line in the YAML.
  const goTo = (path: string, origin?: FieldOrigin) => {
    const target = errorTarget(path);
    if (target) {
      setPage(target.page);
      setFocusId(target.controlId);
    }
    const line = (origin && model.lineOf(origin.segments)) ?? origin?.line;
    if (line !== undefined) showLine(line);
  };
  // A credential the API refused (401, 403): its field in the Authentication section.
  const tested = test.props ? analysis.streams.indexOf(test.props.stream) : -1;
  const credential = credentialTarget(analysis.fields[AUTHENTICATOR_PATH.replace("streams[*]", `streams[${Math.max(0, tested)}]`)]?.value);
  const goToCredential = () => {
    setPage({ kind: "global" });
    setFocusId(credential.controlId);
  };
  useEffect(() => {
    if (!focusId) return;
    const control = document.getElementById(focusId);
    if (!control) return;
    const reveal = () => {
      control.focus();
      control.scrollIntoView({ block: "center" });
    };
    // In a folded section: unfold it, then focus once it is drawn (the next frame).
    if (control.closest(".fold-body[hidden]")) {
      control.dispatchEvent(new CustomEvent(UNFOLD_EVENT, { bubbles: true }));
      requestAnimationFrame(reveal);
    } else reveal();
    setFocusId(undefined);
  });

  const runDetect = async () => {
    const stream = analysis.streams[streamIndex];
    if (stream === undefined) return setStatus("Nothing to detect: the manifest has no stream that resolves.");
    setDetect({ stream, running: true });
    try {
      const result = await api.detect(model.text, stream, values);
      if (result.testingValues) adoptSavedValues(result.testingValues);
      setDetect({ stream, running: false, result });
    } catch (error) {
      setDetect({ stream, running: false, error: (error as Error).message });
    }
  };
  const applyDetected = () => {
    if (!detect?.result) return;
    const next = applyDetection(model, changedFields(detect.result));
    setModel(next);
    setDetect(undefined);
    setStatus(`Applied Detect's changes to ${detect.stream}.`);
    void test.run(detect.stream, next.text);
  };

  const findings = saveProblem?.text === model.text ? [saveProblem.finding, ...analysis.findings] : analysis.findings;
  // The keyboard: Alt+ArrowDown / Alt+ArrowUp go to the next / previous page of the navigation, Ctrl+Enter (Cmd+Enter) tests the stream, Ctrl+S (Cmd+S) saves.
  const order: Page[] = [{ kind: "global" }, ...analysis.streams.map((_, index): Page => ({ kind: "stream", index })), { kind: "inputs" }, { kind: "testing" }];
  const keys = useRef<(event: KeyboardEvent) => void>(undefined);
  keys.current = (event: KeyboardEvent) => {
    const command = event.ctrlKey || event.metaKey;
    // The YAML view keeps Alt+Arrow (it moves a line there).
    const inYaml = event.target instanceof Element && event.target.closest(".yaml") !== null;
    if (event.altKey && !command && !inYaml && !event.defaultPrevented && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const at = order.findIndex((p) => p.kind === page.kind && (p.kind !== "stream" || (page.kind === "stream" && p.index === page.index)));
      const next = order[(at + (event.key === "ArrowDown" ? 1 : order.length - 1)) % order.length]!;
      setPage(next);
      setFocusId(pageButtonId(next));
    } else if (command && event.key === "Enter") {
      event.preventDefault();
      runTest();
    } else if (command && (event.key === "s" || event.key === "S")) {
      event.preventDefault();
      void save();
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current?.(event);
    addEventListener("keydown", listener);
    return () => removeEventListener("keydown", listener);
  }, []);

  const errors = analysis.findings.filter((f) => f.severity === "error" && f.code !== "CONFIG_INVALID").length;
  const warnings = analysis.findings.filter((f) => f.severity === "warning").length;
  const folderName = useMemo(() => session.dir.split(/[\\/]/).filter(Boolean).at(-1) ?? session.dir, [session.dir]);

  return (
    <div class={`app${test.open ? " testing" : ""}`}>
      <header class="bar">
        <h1>
          Sluice Builder <span class="folder">{folderName}</span>
        </h1>
        <p class="state" role="status" aria-live="polite">
          {manifestDirty || valuesDirty ? "Unsaved changes" : "All changes saved"}
          {status ? ` · ${status}` : ""}
        </p>
        <span class={`checks ${errors ? "bad" : "good"}`}>{errors ? `${errors} error${errors === 1 ? "" : "s"}` : "Valid"}{warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}</span>
        <button type="button" class="secondary" onClick={() => setImporting(true)}>
          Import OpenAPI
        </button>
        <button type="button" class="secondary" onClick={runDetect} disabled={detect?.running}>
          Detect
        </button>
        <button type="button" class="secondary" onClick={runTest} disabled={test.running} aria-keyshortcuts="Control+Enter Meta+Enter" title="Test the stream (Ctrl+Enter)">
          Test
        </button>
        <button type="button" class="primary" onClick={() => save()} aria-keyshortcuts="Control+S Meta+S" title="Save (Ctrl+S)">
          Save
        </button>
      </header>
      <nav class="pages" aria-label="Pages">
        <button type="button" id="nav-global" aria-current={page.kind === "global" ? "page" : undefined} aria-keyshortcuts="Alt+ArrowDown Alt+ArrowUp" onClick={() => setPage({ kind: "global" })}>
          Global Configuration
        </button>
        <h2 class="nav-title">Streams</h2>
        <StreamList streams={analysis.streams} current={page.kind === "stream" ? page.index : undefined} onSelect={(index) => setPage({ kind: "stream", index })} onAdd={newStream} />
        <button type="button" id="nav-inputs" class="testing-nav" aria-current={page.kind === "inputs" ? "page" : undefined} onClick={() => setPage({ kind: "inputs" })}>
          Inputs
        </button>
        <button type="button" id="nav-testing" aria-current={page.kind === "testing" ? "page" : undefined} onClick={() => setPage({ kind: "testing" })}>
          Testing values
        </button>
        <p class="nav-hint">
          <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> pages · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> test · <kbd>Ctrl</kbd>+<kbd>S</kbd> save
        </p>
      </nav>
      <main class="forms">
        {page.kind === "global" && (
          <FormView title="Global Configuration" sections={GLOBAL_SECTIONS} stream={0} analysis={analysis} model={model} onEdit={edit} onReveal={showLine}>
            <AuthenticationSection
              analysis={analysis}
              model={model}
              values={values}
              findings={analysis.findings}
              connectorName={folderName.replace(/\W+/g, "_")}
              onModel={setModel}
              onValues={setValues}
              onSaveValues={flushValues}
              onSavedValues={adoptSavedValues}
              onReveal={showLine}
            />
          </FormView>
        )}
        {page.kind === "inputs" && <InputsPage model={model} values={values} onModel={setModel} onValues={setValues} />}
        {page.kind === "stream" && <StreamPage stream={page.index} analysis={analysis} model={model} onEdit={edit} onModel={setModel} onRemove={dropStream} onReveal={showLine} />}
        {page.kind === "testing" && (
          <TestingValuesPanel
            spec={analysis.spec}
            values={values}
            findings={analysis.findings}
            warnings={authWarnings(analysis.streams.map((_, i) => analysis.fields[AUTHENTICATOR_PATH.replace("streams[*]", `streams[${i}]`)]?.value), analysis.streams, values)}
            onChange={setValues}
          />
        )}
      </main>
      {test.props && <TestPanel {...test.props} onGoTo={goTo} credential={credential} onGoToCredential={goToCredential} />}
      <section class="yaml" aria-label="YAML">
        <h2 class="pane-title">YAML · {session.manifestFile.split(/[\\/]/).at(-1)}</h2>
        <YamlEditor text={model.text} findings={findings} componentFields={session.componentFields} reveal={reveal} onChange={(text) => setModel((current) => current.withText(text))} />
        <ProblemList findings={findings} onReveal={showLine} />
      </section>
      {detect && <DetectDialog {...detect} onApply={applyDetected} onDismiss={() => setDetect(undefined)} />}
      {importing && <ImportOpenApiDialog unsaved={manifestDirty} onDone={(result) => void adoptImport(result.streams)} onCancel={() => setImporting(false)} />}
      {conflict && <ConflictDialog file={session.manifestFile} onOverwrite={() => save(true)} onReload={reloadFromDisk} onCancel={() => setConflict(false)} />}
    </div>
  );
}

/** The navigation button of a page (focused when the keyboard goes to it). */
function pageButtonId(page: Page): string {
  return page.kind === "stream" ? `nav-stream-${page.index}` : `nav-${page.kind}`;
}

/** The validator's problems under the YAML view; always the same height, so the editor never jumps as they come and go. */
function ProblemList({ findings, onReveal }: { findings: readonly Finding[]; onReveal(line: number): void }) {
  const shown = findings.filter((f) => f.code !== "CONFIG_INVALID");
  return (
    <ul class="problem-list" aria-label="Problems">
      {shown.length === 0 && <li class="none">No problems.</li>}
      {shown.slice(0, 50).map((f) => (
        <li class={f.severity}>
          {f.line !== undefined ? (
            <button type="button" class="link" onClick={() => onReveal(f.line!)}>
              line {f.line}
            </button>
          ) : null}{" "}
          <strong>{f.severity}</strong> {f.path} {f.message.split("\n")[0]}
        </li>
      ))}
    </ul>
  );
}
