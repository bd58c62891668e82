import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Annotation, EditorSelection } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "preact/hooks";
import type { Finding } from "../api-client.js";
import { keyCompletionAt } from "../model/key-completion.js";

/** What the YAML view shows and tells. */
interface YamlEditorProps {
  text: string;
  findings: readonly Finding[];
  /** Component types and their fields (`sluice schema`'s): types completed after `type: `, a component's fields where a key is typed. */
  componentFields: Readonly<Record<string, readonly string[]>>;
  /** A line to scroll to and select (from "Show in YAML"); `nonce` repeats the same line. */
  reveal?: { line: number; nonce: number };
  onChange(text: string): void;
}

/**
 * The YAML view: CodeMirror 6 with line numbers, the validator's findings at their lines (gutter
 * marks and underlines), and completion of component types and of a component's fields. It edits the page's one model: a typed
 * change goes out through `onChange`, and a change made by a form comes in through `text` as the
 * smallest replacement, so the cursor and the undo history stay.
 */
export function YamlEditor(props: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const editor = new EditorView({
      doc: props.text,
      parent: host.current!,
      extensions: [
        basicSetup,
        yaml(),
        EditorView.lineWrapping,
        lintGutter(),
        autocompletion({ override: [(context) => completeType(context, Object.keys(latest.current.componentFields)), (context) => completeKey(context, latest.current.componentFields)] }),
        EditorView.contentAttributes.of({ "aria-label": "Manifest YAML" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((t) => t.annotation(fromModel))) latest.current.onChange(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === props.text) return;
    editor.dispatch({ changes: smallestChange(current, props.text), annotations: fromModel.of(true) });
  }, [props.text]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnostics(editor, props.findings)));
  }, [props.findings, props.text]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !props.reveal) return;
    const line = editor.state.doc.line(Math.min(Math.max(1, props.reveal.line), editor.state.doc.lines));
    editor.dispatch({ selection: EditorSelection.range(line.from, line.to), effects: EditorView.scrollIntoView(line.from, { y: "center" }) });
    editor.focus();
  }, [props.reveal?.nonce]);

  return <div class="yaml-editor" ref={host} />;
}

/** Marks a change that came from the model (a form), so it is not sent back as a typed edit. */
const fromModel = Annotation.define<boolean>();

/** The one replacement that turns `before` into `after` (common prefix and suffix kept). */
function smallestChange(before: string, after: string): { from: number; to: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

function diagnostics(editor: EditorView, findings: readonly Finding[]): Diagnostic[] {
  const doc = editor.state.doc;
  return findings
    .filter((f) => f.line !== undefined && f.code !== "CONFIG_INVALID")
    .map((f) => {
      const line = doc.line(Math.min(Math.max(1, f.line!), doc.lines));
      const from = Math.min(line.from + Math.max(0, (f.column ?? 1) - 1), line.to);
      const detail = [f.expected && `expected: ${f.expected}`, f.found && `found: ${f.found}`].filter(Boolean).join("\n");
      return { from, to: Math.max(from, line.to), severity: f.severity, message: `${f.path ? `${f.path}: ` : ""}${f.message}${detail ? `\n${detail}` : ""}`, source: f.code };
    });
}

/** After `type: `, the registered component types (the manifest schema's definitions). */
function completeType(context: CompletionContext, types: readonly string[]): CompletionResult | null {
  const before = context.matchBefore(/\btype:\s*["']?\w*$/);
  if (!before) return null;
  const word = /\w*$/.exec(before.text)![0];
  return { from: context.pos - word.length, options: types.map((label) => ({ label, type: "type" })), validFor: /^\w*$/ };
}

/** Where a key is typed in a mapping with a known `type:`, that component's fields. */
function completeKey(context: CompletionContext, fields: Readonly<Record<string, readonly string[]>>): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  if (context.pos !== line.to && !/^\s*$/.test(context.state.sliceDoc(context.pos, line.to))) return null;
  const lines = context.state.sliceDoc(0, context.state.doc.length).split("\n");
  lines[line.number - 1] = context.state.sliceDoc(line.from, context.pos);
  const found = keyCompletionAt(lines, line.number - 1, fields);
  if (!found) return null;
  return { from: line.from + found.from, options: found.fields.map((label) => ({ label, type: "property", apply: `${label}: ` })), validFor: /^[\w$]*$/ };
}
