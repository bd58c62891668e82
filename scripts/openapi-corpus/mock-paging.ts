import { mergeAllOf } from "../../core/init/openapi/openapi-schema.js";
import type { Json, OpenApiOperation } from "../../core/init/openapi/read-openapi.js";

/*
 * How a mock API pages, read from the document the way a person reading it would: its own, wider list
 * of names, written apart from the generator's (core/init/openapi/openapi-pagination.ts) so that the
 * measure catches what the generator does not know.
 */
const SIZE = ["limit", "perpage", "pagesize", "size", "count", "maxresults", "top", "take", "rows", "num", "resultsperpage", "maxitems", "max", "pagelimit", "pagesizelimit"];
const OFFSET = ["offset", "skip", "start", "startindex", "from", "first"];
const PAGE = ["page", "pagenumber", "pageno", "p", "pageindex", "pagenum"];
const CURSOR = ["cursor", "after", "pagetoken", "nexttoken", "continuation", "continuationtoken", "marker", "nextcursor", "startcursor", "pageafter", "startingafter", "skiptoken", "fromid", "afterid", "startafter", "nextpagetoken", "token", "pagecursor"];
const NEXT_URL = ["next", "nexturl", "nextpageurl", "nextlink", "odatanextlink", "nextpage", "nexthref"];
const NEXT_TOKEN = ["nextcursor", "cursor", "nextpagetoken", "nexttoken", "continuationtoken", "endcursor", "nextmarker", "marker", "after", "nextpage", "continuation", "pagetoken", "next"];
const HAS_MORE = ["hasmore", "hasnext", "more", "hasnextpage", "moreresults"];
const TOTAL = ["total", "totalcount", "totalresults", "totalitems", "totalrecords", "totalsize"];
const RECORDS = ["data", "items", "results", "records", "entries", "values", "list", "objects", "elements", "rows", "content", "value"];

/** A name compared loosely: `page[size]`, `Page-Size` and `page_size` are one name. */
function plain(name: string): string {
  const inner = /\[(\w+)\]$/.exec(name)?.[1]?.toLowerCase();
  if (inner) return inner === "number" ? "page" : inner;
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** How the mock pages one list endpoint, and where the parts of its answer go. */
export interface MockPaging {
  kind: "link" | "next-url" | "cursor" | "offset" | "page" | "none";
  /** The query parameter the continuation comes back in (cursor, offset, page), or a made-up one for a next URL. */
  tokenParam?: string;
  sizeParam?: { name: string; fallback?: number; maximum?: number };
  /** The page number the API starts from. */
  firstPage: number;
  /** The response field paths: where the records, the next URL, the next token, "has more" and the total go. */
  recordsPath: string[];
  nextUrlPath?: string[];
  nextTokenPath?: string[];
  hasMorePath?: string[];
  totalPath?: string[];
  /** A cursor that is the last record's id (Stripe's `starting_after`), not an opaque token. */
  lastIdCursor: boolean;
}

/**
 * The mock's reading of one GET operation: undefined when it answers no list (no array of objects in
 * its response schema).
 *
 * @example
 * mockPaging(operation)?.kind // "offset"
 */
export function mockPaging(operation: OpenApiOperation): MockPaging | undefined {
  const schema = operation.responseSchema ? mergeAllOf(operation.responseSchema) : undefined;
  if (!schema) return undefined;
  const recordsPath = findRecords(schema);
  if (!recordsPath) return undefined;
  const query = operation.parameters.filter((p) => p.in === "query");
  const param = (names: readonly string[]) => query.find((p) => names.includes(plain(p.name)));
  const size = param(SIZE);
  const sizeParam = size ? { name: size.name, fallback: positive(size.schema.default), maximum: positive(size.schema.maximum) } : undefined;
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const field = (names: readonly string[], fits: (p: Json) => boolean) => findField(properties, names, fits);
  const scalar = (p: Json) => p.type !== "object" && p.type !== "array";
  const base = {
    recordsPath,
    sizeParam,
    firstPage: 1,
    hasMorePath: field(HAS_MORE, (p) => p.type === "boolean" || p.type === undefined),
    totalPath: field(TOTAL, (p) => p.type === "integer" || p.type === "number"),
    lastIdCursor: false,
  };
  const cursor = param(CURSOR);
  const offset = param(OFFSET);
  const page = param(PAGE);
  const continuation = cursor?.name ?? offset?.name ?? page?.name ?? "page_after";
  if (operation.responseHeaders.includes("link")) return { ...base, kind: "link", tokenParam: continuation };
  const nextUrlPath = field(NEXT_URL, (p) => p.type === "string" || p.type === undefined || (p.properties?.href !== undefined));
  if (nextUrlPath) {
    const href = nextUrlPath.length && (lookup(properties, nextUrlPath) as Json | undefined)?.properties?.href ? [...nextUrlPath, "href"] : nextUrlPath;
    return { ...base, kind: "next-url", tokenParam: continuation, nextUrlPath: href };
  }
  if (cursor) {
    const nextTokenPath = field(NEXT_TOKEN.filter((n) => n !== plain(cursor.name) || n === "cursor" || n === "after" || n === "marker"), scalar);
    if (nextTokenPath) return { ...base, kind: "cursor", tokenParam: cursor.name, nextTokenPath };
    if (base.hasMorePath) return { ...base, kind: "cursor", tokenParam: cursor.name, lastIdCursor: true };
  }
  if (offset) return { ...base, kind: "offset", tokenParam: offset.name };
  if (page) return { ...base, kind: "page", tokenParam: page.name, firstPage: Number(page.schema.minimum ?? page.schema.default ?? 1) === 0 ? 0 : 1 };
  return { ...base, kind: "none" };
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && value > 0 ? value : undefined;
}

/** Where the records are: `[]` for an array response, else the array of objects among the properties. */
function findRecords(schema: Json): string[] | undefined {
  if (schema.type === "array" || schema.items) return isObject(mergeAllOf((schema.items ?? {}) as Json)) ? [] : undefined;
  const arrays = Object.entries((schema.properties ?? {}) as Record<string, Json>).filter(([, p]) => {
    if (!(p?.type === "array" || p?.items)) return false;
    return isObject(mergeAllOf((p.items ?? {}) as Json));
  });
  if (!arrays.length) return undefined;
  return [(arrays.find(([n]) => RECORDS.includes(plain(n))) ?? arrays[0]!)[0]];
}

function isObject(schema: Json): boolean {
  return schema.type === "object" || schema.properties !== undefined;
}

/** A field named one of `names` at the top level or one object down (`meta.next_cursor`, `links.next`). */
function findField(properties: Record<string, Json>, names: readonly string[], fits: (p: Json) => boolean): string[] | undefined {
  const match = (props: Record<string, Json>) => Object.keys(props).find((k) => names.includes(plain(k)) && props[k] && fits(props[k]!));
  const direct = match(properties);
  if (direct) return [direct];
  for (const [key, value] of Object.entries(properties)) {
    const inner = value && typeof value === "object" ? (mergeAllOf(value).properties as Record<string, Json> | undefined) : undefined;
    const found = inner && match(inner);
    if (found) return [key, found];
  }
  return undefined;
}

/** The schema or value at a path of property names. */
export function lookup(properties: Record<string, Json>, path: readonly string[]): unknown {
  let node: Json | undefined = { properties };
  for (const key of path) node = node?.properties?.[key] as Json | undefined;
  return node;
}
