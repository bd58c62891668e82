import type { CompiledTemplate, Interpolator } from "../../../sdk/index.js";
import { pageRecords } from "./records.js";
import { readPaths, setPath } from "./template-paths.js";
import type { StreamModel } from "./stream-model.js";

/** Pages served per partition or slice: the first leads to a second, the second is the last. */
export const PAGES = 2;
/** Records on a page when the paginator does not need a full page to go on. */
const SMALL_PAGE = 2;
/** The largest page the mock serves to make a page-size paginator go on. */
const MAX_PAGE = 10_000;

/** One page the mock answers with, and the tokens that will ask for the next page. */
interface MockPage {
  body: unknown;
  headers: Record<string, string>;
  /** Token values (as the engine will send them) that mean "page `page + 1`". */
  nextTokens: string[];
  records: number;
}

/** What a page is built from: the request's origin and path (for next URLs), the config, and the interpolator. */
export interface PageContext {
  origin: string;
  path: string;
  config: Record<string, unknown>;
  interpolator: Interpolator;
  /** The page size the request asked for (its `page_size_option`), when it says. */
  requestedSize?: number;
}

const NAMES = ["response", "headers", "last_record", "last_page_size", "last_records"];

/**
 * Page `page` (1-based) of a stream, shaped for its paginator: records at the extractor's `field_path`,
 * a cursor token where `cursor_value` reads it (and `stop_condition` false) on the first page, the stop
 * signal on the last; full pages for `PageIncrement`/`OffsetIncrement` so that a second page is asked for.
 *
 * @example
 * buildPage(model, 1, ctx) // { body: { data: [...], next: "http://x/users?sluice_page=2" }, nextTokens: [...] }
 */
export function buildPage(model: StreamModel, requested: number, ctx: PageContext): MockPage {
  // A paginator that cannot send its token would ask for the first page again and again: its first page is its last.
  const page = model.sendsToken ? requested : PAGES;
  const strategy = asObject(model.paginator?.pagination_strategy);
  const last = page >= PAGES;
  const type = model.paginator?.type === "DefaultPaginator" ? String(strategy?.type ?? "") : "";
  if (type === "PageIncrement" || type === "OffsetIncrement") return sizedPage(model, page, ctx, strategy!, type);
  // With an empty field_path and a cursor read from the response (`response["num"] + 1`), the response is one record.
  const single = type === "CursorPagination" && (model.fieldPath?.length ?? 1) === 0 && readPaths(String(strategy?.cursor_value ?? ""), "response").length > 0;
  const records = pageRecords(model, single ? 1 : SMALL_PAGE, page);
  const body = single ? records[0] : placeRecords(model, records, ctx);
  if (type !== "CursorPagination") return { body, headers: {}, nextTokens: [], records: records.length };
  return cursorPage(model, page, last, records, body, strategy!, ctx);
}

function sizedPage(model: StreamModel, page: number, ctx: PageContext, strategy: Record<string, unknown>, type: string): MockPage {
  const size = ctx.requestedSize ?? numberOf(strategy.page_size, model, ctx);
  const full = size !== undefined && size <= MAX_PAGE ? size : SMALL_PAGE;
  const count = page < PAGES ? full : size === undefined ? 0 : Math.min(1, full - 1);
  const records = pageRecords(model, count, page);
  const start = type === "PageIncrement" ? (numberOf(strategy.start_from_page, model, ctx) ?? 0) : 0;
  const next = type === "PageIncrement" ? start + page : page * full;
  return { body: placeRecords(model, records, ctx), headers: {}, nextTokens: page < PAGES ? [String(next)] : [], records: count };
}

function cursorPage(model: StreamModel, page: number, last: boolean, records: Record<string, unknown>[], body: unknown, strategy: Record<string, unknown>, ctx: PageContext): MockPage {
  const cursor = compile(strategy.cursor_value, ctx);
  const stop = compile(strategy.stop_condition, ctx);
  const recordsAt = (model.fieldPath ?? []).join("/");
  // A path leading to the records (`response.get('data', [])[-1]`) reads them; it is not a place for a token.
  const pathsIn = (template: unknown, root: string) =>
    typeof template !== "string" ? [] : readPaths(template, root).filter((p) => root !== "response" || !`${recordsAt}/`.startsWith(`${p.join("/")}/`));
  const cursorPaths = pathsIn(strategy.cursor_value, "response");
  const key = (p: string[]) => p.join("/");
  const stopPaths = pathsIn(strategy.stop_condition, "response").filter((p) => !cursorPaths.some((c) => key(c) === key(p)));
  const responsePaths = [...cursorPaths, ...stopPaths].sort((a, b) => a.length - b.length);
  const sources = [strategy.cursor_value, strategy.stop_condition];
  const recordPaths = sources.flatMap((t) => pathsIn(t, "last_record"));
  const headerPaths = sources.flatMap((t) => pathsIn(t, "headers"));
  const next = page + 1;
  const token = `${ctx.origin}${ctx.path}?sluice_page=${next}&page=${next}&next=${next}&cursor=sluice-p${next}&$skiptoken=sluice-p${next}&pageToken=sluice-p${next}`;
  // [value where cursor_value reads, value where only stop_condition reads]: alike first, then apart
  // (`current_page | int + 1` with `count_pages == current_page` needs a page number and a page count).
  const candidates: [unknown, unknown][] = last
    ? [[undefined, undefined], [null, null], [false, false], ["", ""], [0, 0], [PAGES, PAGES]]
    : [[token, token], [page, PAGES], [token, undefined], [token, false], [true, true], [1, 1]];
  const stopKeys = new Set(stopPaths.map(key));
  let chosen: MockPage | undefined;
  const lastRecord = records.at(-1);
  for (const [candidate, stopCandidate] of candidates) {
    // A record's own value (an id) already leads on; only the last page needs it changed to stop.
    if (lastRecord) for (const path of recordPaths) if (last || valueAt(lastRecord, path) === undefined) setPath(lastRecord, path, candidate);
    const shaped = withValues(body, responsePaths, (p) => (stopKeys.has(key(p)) ? stopCandidate : candidate));
    const headers = headerValues(headerPaths, candidate);
    const context = { config: ctx.config, parameters: model.parameters, response: shaped, headers: parsedHeaders(headers, candidate), last_record: records.at(-1), last_page_size: records.length, last_records: records };
    const stops = safe(() => stop?.test(context)) ?? false;
    const value = stops ? undefined : attempt(() => cursor?.eval(context));
    const failed = value === FAILED;
    const empty = !failed && (value === undefined || value === null || value === "" || value === "None");
    const built = { body: shaped, headers, nextTokens: empty || failed ? [] : [String(value)], records: records.length };
    chosen ??= built;
    if (last ? stops || empty : !empty && !failed && !stops) return built;
  }
  return chosen!;
}

/**
 * The records put at the extractor's `field_path`. A `*` step makes an object with one key per record
 * (`{"0": ..., "1": ...}`): a top-level list would be read item by item, as the kit's JSON decoder does,
 * so `*` would then match inside each item instead of across them.
 */
function placeRecords(model: StreamModel, records: Record<string, unknown>[], ctx: PageContext): unknown {
  const path = (model.fieldPath ?? []).map((step) => render(step, model, ctx));
  const build = (steps: string[], items: unknown[]): unknown => {
    if (steps.length === 0) return items;
    const [step, ...rest] = steps;
    if (step === "*") return Object.fromEntries(items.map((item, i) => [String(i), buildOne(rest, item)]));
    return { [step!]: build(rest, items) };
  };
  const buildOne = (steps: string[], item: unknown): unknown => (steps.length === 0 ? item : { [steps[0] === "*" ? "0" : steps[0]!]: buildOne(steps.slice(1), item) });
  return build(path, records);
}

function withValues(body: unknown, paths: string[][], value: (path: string[]) => unknown): unknown {
  if (paths.length === 0) return body;
  const copy = structuredClone(body);
  if (typeof copy !== "object" || copy === null || Array.isArray(copy)) return copy;
  for (const path of paths) setPath(copy as Record<string, unknown>, path, value(path));
  return copy;
}

function valueAt(target: unknown, path: readonly string[]): unknown {
  let node = target;
  for (const key of path) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

function headerValues(paths: string[][], value: unknown): Record<string, string> {
  if (typeof value !== "string") return {};
  const out: Record<string, string> = {};
  for (const [name] of paths) {
    if (!name) continue;
    if (name.toLowerCase() === "link") out.Link = `<${value}>; rel="next"`;
    else out[name] = value;
  }
  return out;
}

/** Headers as templates see them: a parsed `link`, others as sent. */
function parsedHeaders(headers: Record<string, string>, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(headers)) {
    out[name] = text;
    if (name === "Link") out.link = { next: { url: value, rel: "next" } };
  }
  return out;
}

function compile(template: unknown, ctx: PageContext): CompiledTemplate | undefined {
  if (typeof template !== "string") return undefined;
  return safe(() => ctx.interpolator.compile(template, { path: "corpus-mock", names: NAMES }));
}

function numberOf(value: unknown, model: StreamModel, ctx: PageContext): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  const n = Number(render(value, model, ctx));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function render(template: string, model: StreamModel, ctx: PageContext): string {
  return safe(() => ctx.interpolator.compile(template, { path: "corpus-mock", names: [] }).render({ config: ctx.config, parameters: model.parameters })) ?? template;
}

const FAILED = Symbol("failed");

/** The value, or FAILED when evaluating throws (a template error is not an empty cursor). */
function attempt<T>(run: () => T): T | typeof FAILED {
  try {
    return run();
  } catch {
    return FAILED;
  }
}

function safe<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
