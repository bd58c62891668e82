import { useState } from "preact/hooks";
import { FoldingFieldset } from "./folding-fieldset.js";
import type { Analysis } from "../api-client.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { removeKey, writeValue } from "../model/model-edits.js";
import { keyHolder } from "../model/stream-edits.js";
import { withHeaderComment } from "../model/header-comments.js";
import { choosePaginationMethod, togglePagination } from "../model/pagination-edits.js";
import {
  CURSOR_SOURCES,
  cursorSourceOf,
  cursorTemplates,
  methodFields,
  METHOD_INJECTIONS,
  PAGINATION_METHODS,
  PAGINATOR_PATH,
  paginationMethodOf,
  type CursorSource,
  type PaginationInjection,
  type PaginationMethod,
} from "../model/pagination-forms.js";
import { requestOptionComponent, requestOptionOf, type RequestOptionState } from "../model/request-option.js";
import { fieldPath } from "../model/form-fields.js";
import { FieldControl } from "./field-control.js";
import { RequestOptionGroup } from "./request-option-group.js";
import { ProblemLines } from "./problem-lines.js";

interface PaginationSectionProps {
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onEdit(segments: Segment[], value: unknown): void;
  onReveal(line: number): void;
}

/**
 * A stream's "Pagination" section: the toggle (off: no paginator), the "Pagination Method" and the
 * method's fields and injection groups, as the product shows them (model/pagination-forms.ts). Every
 * value is written where the resolved paginator has it (a shared definition included); turning
 * pagination on writes a new paginator in the stream itself.
 */
export function PaginationSection(props: PaginationSectionProps) {
  const { stream, analysis, onModel } = props;
  // "Custom" chosen as the cursor's source while the written templates still read as a response path.
  const [customCursor, setCustomCursor] = useState(false);
  const at = (path: string) => analysis.fields[fieldPath({ path }, stream)];
  const paginator = at(PAGINATOR_PATH);
  if (!paginator) return null;
  const method = shownMethod(props.model, paginator);
  const strategyValue = at(`${PAGINATOR_PATH}.pagination_strategy`)?.value as Record<string, unknown> | undefined;
  const parsedCursor = cursorSourceOf(strategyValue?.cursor_value, strategyValue?.stop_condition);
  const cursorSource: CursorSource = customCursor ? "custom" : parsedCursor.source;
  const name = analysis.streams[stream] ?? "stream";
  const id = `pagination-${stream}`;
  const sharing = analysis.streams.filter((_, i) => analysis.fields[fieldPath({ path: PAGINATOR_PATH }, i)]?.origin.sourcePath === paginator.origin.sourcePath);
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path === paginator.origin.sourcePath || f.path === fieldPath({ path: PAGINATOR_PATH }, stream)));

  // The scaffold's header comment names the pagination chosen.
  const label = (type: string) => PAGINATION_METHODS.find((m) => m.type === type)?.label ?? "Offset Increment";
  const toggle = (on: boolean) => onModel((current) => withHeaderComment(togglePagination(current, { stream, on, name, at }), "Pagination", on ? label(method) : "none"));
  const chooseMethod = (next: PaginationMethod) => onModel((current) => withHeaderComment(choosePaginationMethod(current, { next, method, name, at }), "Pagination", label(next)));

  return (
    <FoldingFieldset class="pagination" title="Pagination">
      <div class="field toggle">
        <label>
          <input type="checkbox" checked={method !== ""} onChange={(e) => toggle(e.currentTarget.checked)} /> Pagination
        </label>
        <p class="note">
          {method === "" ? "Off: the API returns every record in one response." : "On: the stream reads page after page."}
          {method !== "" && paginator.origin.via === "$ref" && (
            <>
              {" "}
              Defined in <code>{paginator.origin.sourcePath}</code>
              {sharing.length > 1 ? `. Shared by ${sharing.length} streams (${sharing.join(", ")}): a change here changes every one.` : "."}
            </>
          )}
        </p>
      </div>
      {method === "other" && <p class="note">This paginator is not one the form knows; edit it in the YAML.</p>}
      {method !== "" && method !== "other" && (
        <>
          <div class="field">
            <label for={`${id}-method`}>Pagination Method</label>
            <select id={`${id}-method`} value={method} onChange={(e) => chooseMethod(e.currentTarget.value as PaginationMethod)}>
              {PAGINATION_METHODS.map((m) => (
                <option value={m.type}>{m.label}</option>
              ))}
            </select>
          </div>
          {method === "CursorPagination" && <CursorSourceControl {...props} source={cursorSource} path={parsedCursor.path} onCustom={setCustomCursor} />}
          {methodFields(method)
            .filter((field) => field.kind !== "template" || cursorSource === "custom")
            .map((field) => (
              <FieldControl field={field} {...props} />
            ))}
          {method === "CustomPaginationStrategy" && <ClassFile analysis={analysis} className={at(`${PAGINATOR_PATH}.pagination_strategy.class_name`)?.value} />}
          {METHOD_INJECTIONS[method].map((injection) => (
            <Injection injection={injection} {...props} />
          ))}
        </>
      )}
      <ProblemLines problems={problems} />
    </FoldingFieldset>
  );
}

/**
 * The method as written now, so the toggle and the selector follow a click at once instead of after the
 * next analysis: the model's value at the paginator's place when the form can read it (a written map,
 * or nothing where the stream itself would hold it), else the resolved one.
 */
function shownMethod(model: ManifestModel, paginator: { value: unknown; origin: { via: string; segments: Segment[] } }): ReturnType<typeof paginationMethodOf> {
  const kind = model.kindAt(paginator.origin.segments);
  if (kind === "absent" && paginator.origin.via !== "$parameters") return "";
  const written = kind === "map" ? paginationMethodOf(model.valueAt(paginator.origin.segments)) : "other";
  return written === "other" ? paginationMethodOf(paginator.value) : written;
}

/** One injection group of the paginator (`page_size_option` or `page_token_option`), with its on/off toggle. */
function Injection({ injection, stream, analysis, onModel }: PaginationSectionProps & { injection: PaginationInjection }) {
  const path = fieldPath({ path: `${PAGINATOR_PATH}.${injection.key}` }, stream);
  const option = analysis.fields[path];
  const paginator = analysis.fields[fieldPath({ path: PAGINATOR_PATH }, stream)];
  if (!option || !paginator) return null;
  const place = option.origin.segments;
  const own: Segment[] = ["streams", stream, "retriever", "paginator", injection.key];
  const enabled = option.value !== undefined && option.value !== null;
  const state = requestOptionOf(option.value);
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path.startsWith(path) || f.path.startsWith(option.origin.sourcePath)));
  const onChange = (next: RequestOptionState, changed: "injectInto" | "fieldName") =>
    onModel((current) => {
      if (next.injectInto === "path" || state.injectInto === "path" || current.kindAt(place) !== "map") return writeValue(current, place, requestOptionComponent(next));
      const key = changed === "injectInto" ? "inject_into" : "field_name";
      const written = analysis.fields[`${path}.${key}`]?.origin.segments ?? [...place, key];
      return writeValue(current, written, changed === "injectInto" ? next.injectInto : next.fieldName);
    });
  const toggle = (on: boolean) =>
    onModel((current) => (on ? writeValue(current, place, requestOptionComponent({ injectInto: "request_parameter", fieldName: injection.fieldName })) : removeKey(current, keyHolder(current, own) ?? place)));
  return (
    <RequestOptionGroup
      title={injection.title}
      id={`${injection.key}-${stream}`}
      value={state}
      targets={injection.path ? ["header", "request_parameter", "body_data", "body_json", "path"] : undefined}
      fieldLabel={injection.fieldLabel}
      problems={problems}
      enabled={enabled}
      onToggle={toggle}
      onChange={onChange}
      hint={injection.path && state.injectInto === "path" ? "The cursor is the whole next URL: each next request goes to it." : undefined}
    />
  );
}

/** Cursor Pagination's "Next page cursor": from the response body, the headers (a path), or custom templates. */
function CursorSourceControl({ stream, analysis, onModel, source, path, onCustom }: PaginationSectionProps & { source: CursorSource; path: string[]; onCustom(on: boolean): void }) {
  const [draft, setDraft] = useState<string>();
  const strategyPath = fieldPath({ path: `${PAGINATOR_PATH}.pagination_strategy` }, stream);
  const strategy = analysis.fields[strategyPath];
  const cursor = analysis.fields[`${strategyPath}.cursor_value`];
  const stop = analysis.fields[`${strategyPath}.stop_condition`];
  if (!strategy || !cursor || !stop) return null;
  const id = `cursor-source-${stream}`;
  const write = (next: CursorSource, segments: string[]) => {
    onCustom(next === "custom");
    if (next === "custom") return;
    onModel((current) => {
      const templates = cursorTemplates(next, segments);
      return writeValue(writeValue(current, cursor.origin.segments, templates.cursor_value), stop.origin.segments, templates.stop_condition);
    });
  };
  return (
    <>
      <div class="field">
        <label for={id}>Next page cursor</label>
        <select id={id} value={source} onChange={(e) => write(e.currentTarget.value as CursorSource, e.currentTarget.value === "headers" ? ["link", "next", "url"] : ["next"])}>
          {CURSOR_SOURCES.map((s) => (
            <option value={s.value}>{s.label}</option>
          ))}
        </select>
        <p class="note">Where the next page's cursor is; pagination stops when it is not there. Custom: write the cursor value and the stop condition.</p>
      </div>
      {source !== "custom" && (
        <div class="field">
          <label for={`${id}-path`}>Cursor property path</label>
          <input
            id={`${id}-path`}
            type="text"
            spellcheck={false}
            value={draft ?? path.join(", ")}
            onInput={(e) => {
              setDraft(e.currentTarget.value);
              const segments = e.currentTarget.value.split(",").map((s) => s.trim()).filter(Boolean);
              if (segments.length) write(source, segments);
            }}
            onBlur={() => setDraft(undefined)}
          />
          <p class="note">
            A path into the {source === "headers" ? "headers (the parsed Link header is link, e.g. link, next, url)" : "response body"}, comma-separated. Writes <code>cursor_value: {String(cursor.value ?? "")}</code> and <code>stop_condition: {String(stop.value ?? "")}</code>.
          </p>
        </div>
      )}
    </>
  );
}

/** Whether the file of a custom class is in the connector folder (the server looks, as the loader would). */
function ClassFile({ analysis, className }: { analysis: Analysis; className: unknown }) {
  if (typeof className !== "string" || className === "") return null;
  const file = analysis.customClasses?.[className];
  if (file === undefined) return null;
  return (
    <p class="note" role="note" aria-label="Class file">
      {file.file && file.language === "python" ? (
        <>
          Custom (Python): <code>{className}</code> in <code>{file.file}</code>, run by Sluice's Python.
        </>
      ) : file.file ? (
        <>
          Found <code>{file.file}</code> in the connector folder.
        </>
      ) : file.tried.length ? (
        <>
          No file for this class in the connector folder yet: write <code>{file.tried[0]}</code> exporting it.
        </>
      ) : (
        <>{file.problem}</>
      )}
    </p>
  );
}
