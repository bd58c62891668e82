import { isMap, isScalar, isSeq, type Pair } from "yaml";
import { ManifestModel, type Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";

/**
 * The stream page's edits that are more than one scalar: adding and removing a stream, a rename that
 * follows into `check.stream_names`, a list written in place (a record selector's `field_path`, a
 * primary key), and a key of a key/value list renamed in place. Each returns a new model; the text
 * changes only where the edit is (model-edits.ts splices it).
 *
 * @example
 * const next = addStream(model, { name: "invoices", path: "/invoices" });
 * writeField(next, ["streams", 1, "retriever", "record_selector", "extractor", "field_path"], ["data", "items"]);
 */
export interface NewStream {
  name: string;
  path: string;
}

/**
 * A model with a new stream at the end of `streams`, built as the product's "Add stream" builds one:
 * the first stream's requester (its `$ref` when it has one, so the base URL and authentication stay
 * shared; otherwise its written fields without the first stream's path and request options), a
 * record selector at the response's root, and an open schema. The new stream has no pagination.
 */
export function addStream(model: ManifestModel, stream: NewStream): ManifestModel {
  const streams = model.valueAt(["streams"]);
  const count = Array.isArray(streams) ? streams.length : 0;
  const stream0 = count > 0 ? resolvedRequester(model) : undefined;
  const requester: Record<string, unknown> = stream0 ?? { type: "HttpRequester", url_base: "https://api.example.com", http_method: "GET" };
  const component = {
    type: "DeclarativeStream",
    name: stream.name,
    retriever: {
      type: "SimpleRetriever",
      requester: { ...requester, path: stream.path },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
    },
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", additionalProperties: true, properties: {} } },
  };
  // The new stream's lines are added after the last stream's (or replace an empty `streams: []`); nothing else changes.
  if (count === 0) return writeValue(model, ["streams"], [component]);
  return writeValue(model, ["streams", count], component);
}

/** The first stream's requester as a new stream reuses it: its `$ref`, or its written fields less the first stream's own request. */
function resolvedRequester(model: ManifestModel): Record<string, unknown> | undefined {
  const stream = asObject(model.valueAt(["streams", 0]));
  // A stream written as a `$ref` to a shared stream definition takes the requester the definition writes.
  const base = typeof stream?.$ref === "string" ? asObject(model.valueAt(refSegments(stream.$ref))) : undefined;
  const requester = asObject(stream?.retriever)?.requester ?? asObject(base?.retriever)?.requester;
  if (typeof requester === "string" && requester.startsWith("#/")) return { $ref: requester };
  const written = asObject(requester);
  if (!written) return undefined;
  if (typeof written.$ref === "string") return { $ref: written.$ref };
  const { path: _path, request_parameters: _p, request_headers: _h, request_body_json: _j, request_body_data: _d, ...shared } = written;
  return shared;
}

function refSegments(ref: string): string[] {
  return ref.replace(/^#\//, "").split("/");
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * A model without stream `index`, and without its name in `check.stream_names` (the first stream left
 * takes its place when none would be). Each is removed from the text where it is written.
 */
export function removeStream(model: ManifestModel, index: number): ManifestModel {
  const name = model.valueAt(["streams", index, "name"]);
  const streams = model.valueAt(["streams"]);
  const first = Array.isArray(streams) ? (streams as Array<{ name?: unknown }>).find((_, i) => i !== index)?.name : undefined;
  let next = model;
  const checked = next.valueAt(["check", "stream_names"]);
  if (Array.isArray(checked)) {
    for (let i = checked.length - 1; i >= 0; i--) {
      if (checked[i] !== name) continue;
      const left = next.valueAt(["check", "stream_names"]) as unknown[];
      next = left.length === 1 && typeof first === "string" ? next.setIn(["check", "stream_names", i], first) : removeKey(next, ["check", "stream_names", i]);
    }
  }
  return removeKey(next, ["streams", index]);
}

/**
 * Writes a form field's value at `segments`: a list (a record selector's path, a primary key) in
 * place as a flow list when the written value is one line, a scalar through `ManifestModel.setIn`;
 * a stream's new name also replaces the old one in `check.stream_names` (each in place).
 */
export function writeField(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel {
  if (Array.isArray(value)) return writeList(model, segments, value.map((v) => (typeof v === "number" ? v : String(v))));
  const isName = segments.length === 3 && segments[0] === "streams" && typeof segments[1] === "number" && segments[2] === "name";
  const old = isName ? model.valueAt(segments) : undefined;
  let next = writeValue(model, segments, value);
  if (isName && typeof old === "string" && typeof value === "string") {
    const names = next.valueAt(["check", "stream_names"]);
    if (Array.isArray(names)) names.forEach((n, i) => n === old && (next = next.setIn(["check", "stream_names", i], value)));
  }
  return next;
}

/** A list of strings (or numbers: HTTP codes) at `segments`, replacing a one-line written value in place (`[data]` -> `[data, items]`). */
export function writeList(model: ManifestModel, segments: readonly Segment[], list: ReadonlyArray<string | number>): ManifestModel {
  const node = model.nodeAt(segments);
  if (node?.range && (isScalar(node) || (isSeq(node) && node.flow))) {
    const [start, end] = node.range;
    const written = model.text.slice(start, end);
    if (!written.includes("\n")) {
      const source = `[${list.map((item) => flowItem(item)).join(", ")}]`;
      const trailing = /\s*$/.exec(written)![0];
      const next = ManifestModel.parse(model.text.slice(0, start) + source + trailing + model.text.slice(end));
      if (next.document.errors.length === 0 && JSON.stringify(next.valueAt(segments)) === JSON.stringify(list)) return next;
    }
  }
  // A block list, or a list not written yet: spliced where it is written (a new key after its map's last).
  return model.setIn(segments, [...list]);
}

/** One string as an item of a flow list: plain when it reads back as the same string, else double-quoted. */
function flowItem(item: string | number): string {
  if (typeof item === "number") return String(item);
  const plain = /^[A-Za-z_][\w.-]*$/.test(item) && !/^(true|false|null|yes|no|on|off|~)$/i.test(item);
  return plain ? item : JSON.stringify(item);
}

/**
 * Renames key `from` of the mapping at `segments` to `to`, in place (only the key's characters
 * change; its value, comments and order stay). Unchanged when `to` is empty or already a key there.
 */
export function renameKey(model: ManifestModel, segments: readonly Segment[], from: string, to: string): ManifestModel {
  const map = model.nodeAt(segments);
  if (!isMap(map) || !to || to === from) return model;
  if (map.items.some((pair) => isScalar(pair.key) && String(pair.key.value) === to)) return model;
  const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === from) as Pair<unknown, unknown> | undefined;
  const key = pair?.key;
  if (!isScalar(key) || !key.range) return model;
  const [start, end] = key.range;
  for (const source of [to, JSON.stringify(to)]) {
    const next = ManifestModel.parse(model.text.slice(0, start) + source + model.text.slice(end));
    const written = next.valueAt(segments) as Record<string, unknown> | undefined;
    if (next.document.errors.length === 0 && written && Object.hasOwn(written, to) && !Object.hasOwn(written, from)) return next;
  }
  return model;
}


/**
 * Where the key at the end of a resolved path is written: each step follows a `$ref` (a `{ $ref }`
 * map without the next key, or a `"#/definitions/..."` string) as the resolver does, and the result is
 * the written place of the last key itself (not of what its value refers to). Turning a stream's
 * pagination off removes the key there: in the stream when written there, else in the shared
 * definition that holds it (every stream sharing it loses it, as the form says), never the
 * definition a reference points at.
 *
 * @example
 * // streams: [{ $ref: "#/definitions/base" }], definitions.base.retriever.paginator: "#/definitions/paginator"
 * keyHolder(model, ["streams", 0, "retriever", "paginator"]); // ["definitions", "base", "retriever", "paginator"]
 */
export function keyHolder(model: ManifestModel, segments: readonly Segment[]): Segment[] | undefined {
  let at: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i]!;
    for (let hops = 0; hops < 16; hops++) {
      const value = model.valueAt(at);
      if (typeof value === "string" && value.startsWith("#/")) at = refSegments(value);
      else if (asObject(value) && !Object.hasOwn(asObject(value)!, String(key)) && typeof asObject(value)!.$ref === "string") at = refSegments(asObject(value)!.$ref as string);
      else break;
    }
    at = [...at, key];
    if (model.kindAt(at) === "absent") return undefined;
  }
  return at;
}
