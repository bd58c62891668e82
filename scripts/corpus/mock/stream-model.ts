/**
 * What the corpus mock needs to know about each stream of a resolved manifest: where its requests go,
 * where its records sit in a response, how it pages, which fields its records must carry (keys,
 * cursor, parent keys) and in which datetime format. Read from the manifest, never from Sluice's build.
 *
 * @example
 * const models = streamModels(manifest);
 * models[0]; // { name: "users", path: "/users", fieldPath: ["data"], paginator: { type: "CursorPagination", ... }, ... }
 */
export interface StreamModel {
  name: string;
  /** The requester's `path` (templates kept), matched against request paths. */
  path: string;
  /** The extractor's `field_path` (templates kept; `*` for lists). Undefined when the extractor is not a DpathExtractor. */
  fieldPath?: string[];
  extractor: string;
  parameters: Record<string, unknown>;
  paginator?: Record<string, unknown>;
  /**
   * The requests can carry a page token: the paginator has a `page_token_option`, or the requester's
   * templates read `next_page_token`. Without it every page's request is the same.
   */
  sendsToken: boolean;
  /** JSON Schema properties of the stream's inline schema. */
  properties: Record<string, unknown>;
  /** Fields (paths) every record gets, with a value: primary keys, parent keys, cursor fields. */
  keyFields: string[][];
  /**
   * Values the record filter asks for (`record['type'] == "file"`; a non-empty object for
   * `record['fields'] | length > 0`), so filtered streams still yield records.
   */
  filterValues: [string[], unknown][];
  /** The retriever's `decoder` type (`XmlDecoder`, `JsonlDecoder`...), when it names one: pages are encoded for it. */
  decoder?: string;
  /** The cursor field and the format its values are written in (the first of `cursor_datetime_formats`, else `datetime_format`). */
  cursor?: { field: string[]; format: string };
}

/** Every `DeclarativeStream` definition in the manifest (top-level streams and inline parent streams). */
export function streamModels(manifest: Record<string, unknown>): StreamModel[] {
  const found: StreamModel[] = [];
  const parentKeys = collectParentKeys(manifest);
  walkStreams(manifest, (node) => {
    const model = modelOf(node, parentKeys);
    if (model) found.push(model);
  });
  return found;
}

/** Visits every `DeclarativeStream` definition in the manifest (schemas and specs skipped). */
export function walkStreams(manifest: Record<string, unknown>, visit: (stream: Record<string, unknown>) => void): void {
  walk(manifest, (node) => {
    if (node.type === "DeclarativeStream") visit(node);
  });
}

/** The model of one `DeclarativeStream` definition with a `SimpleRetriever` (undefined for other retrievers). */
export function modelOf(stream: Record<string, unknown>, parentKeys: string[][]): StreamModel | undefined {
  const retriever = asObject(stream.retriever);
  if (!retriever || retriever.type !== "SimpleRetriever") return undefined;
  const requester = asObject(retriever.requester) ?? {};
  const extractor = asObject(asObject(retriever.record_selector)?.extractor) ?? {};
  const cursor = asObject(stream.incremental_sync);
  const streamParameters = asObject(stream.$parameters) ?? {};
  const keyFields = [...keysOf(stream.primary_key).map((key) => key.map((k) => fromParameters(k, streamParameters))), ...parentKeys];
  let cursorModel: StreamModel["cursor"];
  if (cursor && typeof cursor.cursor_field === "string") {
    const formats = Array.isArray(cursor.cursor_datetime_formats) ? cursor.cursor_datetime_formats.map(String) : [];
    const parameters = asObject(cursor.$parameters) ?? asObject(stream.$parameters) ?? {};
    cursorModel = { field: [fromParameters(cursor.cursor_field, parameters)], format: formats[0] ?? String(cursor.datetime_format ?? "%Y-%m-%dT%H:%M:%SZ") };
  }
  return {
    name: String(stream.name ?? ""),
    path: typeof requester.path === "string" ? requester.path : "",
    fieldPath: extractor.type === "DpathExtractor" ? (Array.isArray(extractor.field_path) ? extractor.field_path.map(String) : []) : undefined,
    extractor: String(extractor.type ?? ""),
    parameters: asObject(stream.$parameters) ?? {},
    paginator: asObject(retriever.paginator),
    sendsToken: asObject(retriever.paginator)?.page_token_option !== undefined || JSON.stringify(requester).includes("next_page_token"),
    properties: asObject(asObject(asObject(stream.schema_loader)?.schema)?.properties) ?? {},
    keyFields,
    filterValues: filterValues(asObject(asObject(retriever.record_selector)?.record_filter)?.condition),
    cursor: cursorModel,
    decoder: typeof asObject(retriever.decoder)?.type === "string" ? String(asObject(retriever.decoder)!.type) : undefined,
  };
}

/** `{{ parameters['x'] }}` / `{{ parameters.x }}` replaced by the parameter's value; other text as it is. */
function fromParameters(text: string, parameters: Record<string, unknown>): string {
  const match = /^\s*\{\{\s*parameters(?:\.(\w+)|\[\s*['"]([^'"]+)['"]\s*\])\s*\}\}\s*$/.exec(text);
  const value = match ? parameters[match[1] ?? match[2]!] : undefined;
  return typeof value === "string" ? value : text;
}

/** `record.x == "v"` / `record['x'] == 'v'` comparisons and `record['x'] | length` tests in a record filter's condition. */
function filterValues(condition: unknown): [string[], unknown][] {
  if (typeof condition !== "string") return [];
  const found: [string[], unknown][] = [];
  for (const match of condition.matchAll(/record(?:\.(\w+)|\[\s*['"]([^'"]+)['"]\s*\])\s*==\s*['"]([^'"]*)['"]/g)) found.push([[match[1] ?? match[2]!], match[3]!]);
  for (const match of condition.matchAll(/record(?:\.(\w+)|\[\s*['"]([^'"]+)['"]\s*\])\s*\|\s*length/g)) found.push([[match[1] ?? match[2]!], { value: "v" }]);
  return found;
}

/** The `parent_key`s of every SubstreamPartitionRouter: parent records must carry them. */
function collectParentKeys(manifest: Record<string, unknown>): string[][] {
  const keys: string[][] = [];
  walk(manifest, (node) => {
    if (node.type === "ParentStreamConfig" && typeof node.parent_key === "string") keys.push(node.parent_key.split("/").filter((s) => !s.includes("{{")));
  });
  return keys.filter((k) => k.length > 0);
}

function keysOf(primaryKey: unknown): string[][] {
  if (typeof primaryKey === "string") return [[primaryKey]];
  if (!Array.isArray(primaryKey)) return [];
  return primaryKey.map((k) => (Array.isArray(k) ? k.map(String) : [String(k)]));
}

function walk(node: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === "object") {
    visit(node as Record<string, unknown>);
    for (const [key, value] of Object.entries(node)) if (key !== "schema" && key !== "spec") walk(value, visit);
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
