import type { DataRecord, StreamPartitions } from "../../sdk/index.js";
import { pyFloat, pyIntExact } from "../../python/convert.js";
import { pyStr } from "../../python/str.js";
import { truthy } from "../../python/values.js";
import { valueAtPath } from "../../python/dpath.js";
import { pointerKeys } from "../../pure/json-pointer.js";

type Schema = Record<string, unknown>;

const SIMPLE_TYPES = new Set(["string", "number", "integer", "boolean", "null"]);
const TRUE_TEXT = new Set(["y", "yes", "t", "true", "on", "1"]);
const FALSE_TEXT = new Set(["n", "no", "f", "false", "off", "0"]);

/**
 * `schema_normalization: Default` (the kit's TypeTransformer with DefaultSchemaNormalization): each
 * record is cast, in place, to its stream's JSON Schema, walked as the kit walks it (`properties`,
 * `items`, `$ref`; not `anyOf`/`oneOf`). A value whose schema names one type (besides `null`) is
 * converted with Python's rules: `str()` for `string` (`5` gives `"5"`, `true` gives `"True"`), `float()`
 * for `number`, `int()` for `integer` (`"12"` gives `12`, `1.9` gives `1`), `strtobool` for a string to
 * `boolean`, a scalar wrapped in a list for `array`; a value that does not convert stays as it was.
 *
 * @example
 * record_selector:
 *   type: RecordSelector
 *   extractor: { type: DpathExtractor, field_path: [data] }
 *   schema_normalization: Default
 * # schema { properties: { id: { type: integer }, tags: { type: array } } }
 * # {"id": "12", "tags": "a"} becomes {"id": 12, "tags": ["a"]}
 */
export function normalizeRecord(record: DataRecord, schema: Schema): void {
  descend(record, schema, schema);
}

/**
 * A stream's partitions whose records are normalized to the stream's schema (loaded once, on the first
 * slice read) by `normalize` (the default's casts, or a CustomSchemaNormalization), after the stream's
 * transformations, as the kit normalizes after them.
 */
export function normalizedPartitions(partitions: StreamPartitions, schema: () => Promise<Schema>, normalize: (record: DataRecord, schema: Schema) => void = normalizeRecord): StreamPartitions {
  let loaded: Promise<Schema> | undefined;
  return {
    slices: (options) => partitions.slices(options),
    closeSlice: (slice) => partitions.closeSlice(slice),
    finish: () => partitions.finish(),
    // Read when asked: deferred partitions know it only once they are made.
    get maxConcurrentSlices() {
      return partitions.maxConcurrentSlices;
    },
    async *readSlice(slice, options) {
      loaded ??= schema();
      const root = await loaded;
      for await (const page of partitions.readSlice(slice, options)) {
        for (const record of page) normalize(record, root);
        yield page;
      }
    },
  };
}

/** The kit's walk: `$ref` replaces the schema, `properties` and `items` convert the children, then descend. */
function descend(instance: unknown, schema: unknown, root: Schema, depth = 0): void {
  if (typeof schema !== "object" || schema === null || depth > 100) return;
  let node = schema as Schema;
  if (typeof node.$ref === "string") {
    const target = resolveRef(node.$ref, root);
    if (target) node = target;
  }
  const properties = node.properties;
  if (isObject(properties) && isObject(instance)) {
    for (const [key, sub] of Object.entries(properties)) {
      if (!(key in instance) || !isObject(sub)) continue;
      instance[key] = convert(instance[key], sub);
      descend(instance[key], sub, root, depth + 1);
    }
  }
  const items = node.items;
  if (isObject(items) && Array.isArray(instance)) {
    for (let i = 0; i < instance.length; i++) {
      instance[i] = convert(instance[i], items);
      descend(instance[i], items, root, depth + 1);
    }
  }
}

/** The kit's `default_convert`: one value, to the one type its schema names. */
function convert(value: unknown, schema: Schema): unknown {
  let type = schema.type ?? [];
  const nullable = typeof type === "string" ? type.includes("null") : Array.isArray(type) && type.includes("null");
  if (value === null && nullable) return null;
  if (Array.isArray(type)) {
    const others = type.filter((t) => t !== "null");
    if (others.length !== 1) return value;
    type = others[0];
  }
  try {
    switch (type) {
      case "string":
        return pyStr(value);
      case "number":
        return pyFloat(value);
      case "integer": {
        const exact = pyIntExact(value);
        return exact >= BigInt(Number.MIN_SAFE_INTEGER) && exact <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(exact) : exact;
      }
      case "boolean":
        if (typeof value !== "string") return truthy(value);
        if (TRUE_TEXT.has(value.toLowerCase())) return true;
        if (FALSE_TEXT.has(value.toLowerCase())) return false;
        return value;
      case "array":
        return simpleItems(schema) && isSimple(value) ? [value] : value;
      default:
        return value;
    }
  } catch {
    return value;
  }
}

/** Python's `set(items.get("type", set())) <= simple types`: a string type is a set of characters, so never. */
function simpleItems(schema: Schema): boolean {
  const items = isObject(schema.items) ? schema.items : {};
  const type = items.type ?? [];
  if (typeof type === "string") return type === "";
  return Array.isArray(type) && type.every((t) => SIMPLE_TYPES.has(String(t)));
}

function isSimple(value: unknown): boolean {
  return value === null || ["string", "number", "boolean", "bigint"].includes(typeof value);
}

function resolveRef(reference: string, root: Schema): Schema | undefined {
  if (!reference.startsWith("#/")) return undefined;
  const node = valueAtPath(root, pointerKeys(reference));
  return isObject(node) ? node : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
