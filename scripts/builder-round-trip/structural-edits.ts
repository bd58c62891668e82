import { isMap, isScalar, isSeq, type Node } from "yaml";
import type { ManifestModel, Segment } from "../../builder-ui/model/manifest-model.js";
import { choosePaginationMethod, togglePagination, type PaginationFieldAt } from "../../builder-ui/model/pagination-edits.js";
import { PAGINATOR_PATH, paginationMethodOf } from "../../builder-ui/model/pagination-forms.js";
import { addStream, keyHolder } from "../../builder-ui/model/stream-edits.js";
import { fieldOrigin } from "../../core/manifest/field-origin.js";
import { splitPath } from "../../pure/manifest-path.js";
import type { SourcePositions } from "../../core/manifest/source-positions.js";
import { valueAtPath } from "../../python/dpath.js";
import { leafDifferences } from "./leaf-differences.js";

/** The structural edits checked, as the page makes them (builder-ui/model/stream-edits.ts, pagination-edits.ts). */
export const STRUCTURAL_EDITS = ["Add stream", "Pagination on", "Pagination off", "Pagination method"] as const;
type Label = (typeof STRUCTURAL_EDITS)[number];

/** Per edit: how many were made, kept every byte outside the edited entries, and resolved to the intended model. */
export type StructuralTally = Record<Label, { edited: number; bytesKept: number; intended: number }>;

export function emptyStructuralTally(): StructuralTally {
  return Object.fromEntries(STRUCTURAL_EDITS.map((label) => [label, { edited: 0, bytesKept: 0, intended: 0 }])) as StructuralTally;
}

interface Input {
  name: string;
  model: ManifestModel;
  positions: SourcePositions;
  /** The manifest resolved as the engine builds it, before the edit. */
  before: Record<string, unknown>;
  resolve(text: string): Promise<Record<string, unknown>>;
  tally: StructuralTally;
  failures: string[];
}

/**
 * Makes the page's structural edits on a corpus manifest, each from the manifest as loaded: adds a
 * stream; on the first stream, turns pagination on (when off), changes its method (when the form knows
 * it) and turns it off. Each must leave every line outside the entries it edits byte-identical (the
 * other lines are kept, in order: new lines come only at the edited places) and resolve to the intended
 * model: a new last stream and nothing else changed; a paginator of the intended method, or none, and
 * nothing changed but paginators.
 */
export async function checkStructuralEdits(input: Input): Promise<void> {
  const { model, before } = input;
  const streams = Array.isArray(before.streams) ? (before.streams as Array<Record<string, unknown>>) : [];
  const added = addStream(model, { name: "sluice_added", path: "/sluice_added" });
  await judge(input, "Add stream", added, [], (after) => {
    const all = Array.isArray(after.streams) ? (after.streams as Array<Record<string, unknown>>) : [];
    const last = all.at(-1) as { name?: unknown; retriever?: { requester?: { path?: unknown } } } | undefined;
    const { streams: _all, ...others } = after;
    const rest = leafDifferences(before, Array.isArray(before.streams) ? { ...others, streams: all.slice(0, streams.length) } : others);
    return all.length === streams.length + 1 && last?.name === "sluice_added" && last.retriever?.requester?.path === "/sluice_added" && rest.length === 0;
  });
  if (streams.length === 0) return;

  const at: PaginationFieldAt = (path) => {
    const concrete = path.replace("streams[*]", "streams[0]");
    return { value: valueAtPath(before, splitPath(concrete)), origin: { segments: fieldOrigin(input.positions, concrete).segments } };
  };
  const method = paginationMethodOf(at(PAGINATOR_PATH)?.value);
  const name = String(streams[0]!.name ?? "stream");
  // Only paginators change: the streams' resolved ones, and the written definitions the edit changed.
  const onlyPaginators = (after: Record<string, unknown>) => leafDifferences(before, after).every((d) => /\.paginator(\.|\[|$)/.test(d.path) || d.path.startsWith("definitions."));
  const paginatorOf = (after: Record<string, unknown>) => valueAtPath(after, ["streams", 0, "retriever", "paginator"]);
  if (method === "") {
    const own: Segment[] = ["streams", 0, "retriever", "paginator"];
    const place = keyHolder(model, own) ?? (model.kindAt(own.slice(0, -1)) === "map" ? own : (at(PAGINATOR_PATH)?.origin.segments ?? own));
    const on = togglePagination(model, { stream: 0, on: true, name, at });
    await judge(input, "Pagination on", on, [place], (after) => paginationMethodOf(paginatorOf(after)) === "OffsetIncrement" && onlyPaginators(after));
    return;
  }
  if (method !== "other") {
    const next = method === "OffsetIncrement" ? "PageIncrement" : "OffsetIncrement";
    const places = ["pagination_strategy", "page_size_option", "page_token_option"].map((key) => at(`${PAGINATOR_PATH}.${key}`)?.origin.segments ?? []);
    const changed = choosePaginationMethod(model, { next, method, name, at });
    await judge(input, "Pagination method", changed, places, (after) => paginationMethodOf(paginatorOf(after)) === next && onlyPaginators(after));
  }
  // The toggle removes the `paginator` key where it is written (keyHolder), not the definition it may point to.
  const holder = keyHolder(model, ["streams", 0, "retriever", "paginator"]) ?? [];
  const off = togglePagination(model, { stream: 0, on: false, name, at });
  await judge(input, "Pagination off", off, [holder], (after) => paginationMethodOf(paginatorOf(after)) === "" && onlyPaginators(after));
}

async function judge(input: Input, label: Label, edited: ManifestModel, places: Segment[][], intended: (after: Record<string, unknown>) => boolean): Promise<void> {
  const counts = input.tally[label];
  const before = input.model.text;
  if (edited.text === before) return; // nothing to do here (e.g. a paginator written nowhere the toggle can remove)
  counts.edited++;
  const spans = places.filter((p) => p.length > 0).flatMap((p) => entrySpans(input.model, p));
  if (keptOutside(before, edited.text, spans)) counts.bytesKept++;
  else input.failures.push(`${input.name}: ${label}: a line outside the edited entries changed`);
  let after: Record<string, unknown>;
  try {
    after = await input.resolve(edited.text);
  } catch (error) {
    input.failures.push(`${input.name}: ${label}: the manifest no longer resolves: ${(error as Error).message.split("\n")[0]}`);
    return;
  }
  if (intended(after)) counts.intended++;
  else {
    const stray = leafDifferences(input.before, after).filter((d) => !/\.paginator(\.|\[|$)/.test(d.path)).slice(0, 2).map((d) => d.path);
    const paginator = JSON.stringify(valueAtPath(after, ["streams", 0, "retriever", "paginator"]) ?? null).slice(0, 160);
    input.failures.push(`${input.name}: ${label}: does not resolve to the intended model (streams[0]'s paginator: ${paginator}${stray.length ? `; also changed ${stray.join(", ")}` : ""})`);
  }
}

/** The characters of the entry written at `segments`, from its line's start: its key through its value's end, or a list item. */
function entrySpans(model: ManifestModel, segments: readonly Segment[]): Array<[number, number]> {
  const parent = model.nodeAt(segments.slice(0, -1));
  const key = segments.at(-1);
  const text = model.text;
  let start: number | undefined;
  let end: number | undefined;
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
    start = (pair?.key as Node | undefined)?.range?.[0];
    end = (((pair?.value as Node | null) ?? (pair?.key as Node | undefined)) as Node | undefined)?.range?.[2];
  } else if (isSeq(parent) && typeof key === "number") {
    const item = parent.items[key] as Node | undefined;
    [start, , end] = item?.range ?? [];
  }
  if (start === undefined || end === undefined) return [];
  return [[text.lastIndexOf("\n", start - 1) + 1, end]];
}

/** True when every line of `before` outside `spans` is in `after`, in the same order, byte for byte. */
export function keptOutside(before: string, after: string, spans: ReadonlyArray<readonly [number, number]>): boolean {
  const kept: string[] = [];
  let offset = 0;
  for (const line of before.split("\n")) {
    const end = offset + line.length;
    if (!spans.some(([s, e]) => offset < e && end >= s)) kept.push(line);
    offset = end + 1;
  }
  const lines = after.split("\n");
  let i = 0;
  for (const line of lines) if (i < kept.length && line === kept[i]) i++;
  return i === kept.length;
}
