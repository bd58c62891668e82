import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";
import { defaultPaginator, defaultStrategy, METHOD_INJECTIONS, PAGINATOR_PATH, type PaginationMethod } from "./pagination-forms.js";
import { requestOptionComponent, requestOptionOf } from "./request-option.js";
import { keyHolder } from "./stream-edits.js";

/** A field the Pagination section reads: its resolved value and where it is written (the server's analysis). */
export interface PaginationField {
  value: unknown;
  origin: { segments: Segment[] };
}

/** The section's fields by their `streams[*]` paths (`streams[*].retriever.paginator.pagination_strategy`), for one stream. */
export type PaginationFieldAt = (path: string) => PaginationField | undefined;

/**
 * The Pagination section's toggle: off removes the `paginator` key where it is written (in the stream,
 * or in the shared definition that holds it), or writes `NoPagination` there when something refers to
 * that key or the stream would inherit another paginator without it; on writes a new Offset Increment
 * paginator where the key is written (replacing a NoPagination or a reference to one), else in the
 * stream's own retriever.
 * Both are splices of the text (model-edits.ts): every other byte stays.
 *
 * @example
 * togglePagination(model, { stream: 0, on: true, name: "customers", at: (path) => analysis.fields[fieldPath({ path }, 0)] })
 */
export function togglePagination(model: ManifestModel, input: { stream: number; on: boolean; name: string; at: PaginationFieldAt }): ManifestModel {
  const own: Segment[] = ["streams", input.stream, "retriever", "paginator"];
  // Where the stream's `paginator` key is written (in it, or in the definition it takes it from).
  const holder = keyHolder(model, own);
  if (!input.on) {
    if (!holder) return model;
    // Removed, unless something refers to it, or the stream would then take another paginator
    // (one its retriever's `$ref` gives): then it becomes NoPagination there.
    const referenced = model.text.includes(`#/${holder.join("/")}`);
    const removed = referenced ? undefined : removeKey(model, holder);
    if (removed && keyHolder(removed, own) === undefined) return removed;
    return writeValue(model, holder, { type: "NoPagination" });
  }
  // Where the key is written (a NoPagination, a reference to one); else in the stream's own retriever.
  const place = holder ?? (model.kindAt(own.slice(0, -1)) === "map" ? own : (input.at(PAGINATOR_PATH)?.origin.segments ?? own));
  return writeValue(model, place, defaultPaginator("OffsetIncrement", input.name));
}

/**
 * The "Pagination Method" selector: a new `pagination_strategy` of `next` where the strategy is written,
 * the injections kept (an injection the new method does not start with is removed, a missing one
 * added, a field name that was the old method's default becomes the new one's).
 *
 * @example
 * choosePaginationMethod(model, { next: "PageIncrement", method: "OffsetIncrement", name: "customers", at })
 */
export function choosePaginationMethod(model: ManifestModel, input: { next: PaginationMethod; method: PaginationMethod | "" | "other"; name: string; at: PaginationFieldAt }): ManifestModel {
  const { next, method, at } = input;
  const paginator = at(PAGINATOR_PATH);
  if (!paginator) return model;
  const strategy = at(`${PAGINATOR_PATH}.pagination_strategy`);
  let edited = writeValue(model, strategy?.origin.segments ?? [...paginator.origin.segments, "pagination_strategy"], defaultStrategy(next, input.name));
  for (const injection of METHOD_INJECTIONS[next]) {
    const option = at(`${PAGINATOR_PATH}.${injection.key}`);
    const place = option?.origin.segments ?? [...paginator.origin.segments, injection.key];
    const state = requestOptionOf(option?.value);
    const sizeOptional = injection.key === "page_size_option" && (next === "CursorPagination" || next === "CustomPaginationStrategy");
    if (sizeOptional) edited = removeKey(edited, place);
    else if (option?.value === undefined || option.value === null) edited = writeValue(edited, place, requestOptionComponent({ injectInto: "request_parameter", fieldName: injection.fieldName }));
    else if (method !== "" && method !== "other" && state.fieldName === METHOD_INJECTIONS[method].find((i) => i.key === injection.key)?.fieldName) {
      edited = writeValue(edited, place, requestOptionComponent({ ...state, fieldName: injection.fieldName }));
    }
  }
  return edited;
}
