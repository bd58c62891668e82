import type { JsonSchema } from "../../sdk/index.js";

/** How {@link SchemaInferrer} writes its schema. */
export interface InferOptions {
  /**
   * Add `format: date-time` to a field whose values are all strings (or null) and every string is an
   * RFC 3339 date-time (`2024-01-31T12:00:00Z`, `2024-01-31 12:00:00+02:00`). Default: false, the kit's shape.
   */
  dateTimeFormats?: boolean;
}

type Kind = "null" | "boolean" | "number" | "string" | "array" | "object";

/** RFC 3339's date-time (a space for the `T` too, as many APIs write it), checked again by Date.parse. */
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * What was seen at one place of the records: each kind of value in the order first seen (genson's
 * "active strategies"), an array's items and an object's properties as nodes of their own.
 */
class Node {
  readonly kinds: Kind[] = [];
  items?: Node;
  readonly properties = new Map<string, Node>();
  private strings = 0;
  private dateTimes = 0;

  add(value: unknown): void {
    const kind = kindOf(value);
    if (!this.kinds.includes(kind)) this.kinds.push(kind);
    if (kind === "string") {
      this.strings++;
      if (DATE_TIME.test(value as string) && !Number.isNaN(Date.parse((value as string).replace(" ", "T")))) this.dateTimes++;
    } else if (kind === "array") {
      for (const item of value as unknown[]) (this.items ??= new Node()).add(item);
    } else if (kind === "object") {
      for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        let node = this.properties.get(key);
        if (!node) this.properties.set(key, (node = new Node()));
        node.add(field);
      }
    }
  }

  /** genson's `SchemaNode.to_schema`: the kinds that are just a type merge into one sorted `type`; the others make an `anyOf`. */
  toSchema(options: InferOptions): JsonSchema {
    const types = new Set<string>();
    const schemas: JsonSchema[] = [];
    for (const kind of this.kinds) {
      const schema = this.kindSchema(kind, options);
      if (Object.keys(schema).length === 1) types.add(schema.type as string);
      else schemas.push(schema);
    }
    if (types.size) schemas.unshift({ type: types.size === 1 ? [...types][0]! : [...types].sort() });
    if (schemas.length === 1) return schemas[0]!;
    return schemas.length ? { anyOf: schemas } : {};
  }

  private kindSchema(kind: Kind, options: InferOptions): JsonSchema {
    if (kind === "array") return this.items ? { type: "array", items: this.items.toSchema(options) } : { type: "array" };
    if (kind === "object") {
      if (this.properties.size === 0) return { type: "object" };
      return { type: "object", properties: Object.fromEntries([...this.properties].map(([key, node]) => [key, node.toSchema(options)])) };
    }
    const onlyStrings = this.kinds.every((k) => k === "string" || k === "null");
    if (kind === "string" && options.dateTimeFormats && onlyStrings && this.dateTimes === this.strings) return { type: "string", format: "date-time" };
    return { type: kind };
  }
}

/**
 * Infers the JSON Schema of a stream from its records, in the shape of the Python kit's
 * `SchemaInferrer` (airbyte_cdk/utils/schema_inferrer.py, built on the genson library), so a schema
 * detected by one is the schema the other would detect: every field's type is nullable
 * (`["string", "null"]`, null last), integers are `number`, no `required`, an object has `properties`
 * and an array `items`, a field only ever null is left out, and values of several kinds that are not
 * just `null` and one other give an `anyOf`. The root is `type: object` with `$schema` first.
 *
 * @example
 * const inferrer = new SchemaInferrer();
 * inferrer.accumulate({ id: 1, name: "Ada" });
 * inferrer.accumulate({ id: 2, name: null });
 * inferrer.schema();
 * // { $schema: "http://json-schema.org/schema#", type: "object",
 * //   properties: { id: { type: ["number", "null"] }, name: { type: ["string", "null"] } } }
 */
class SchemaInferrer {
  private readonly root = new Node();
  private count = 0;

  constructor(private readonly options: InferOptions = {}) {}

  /** Adds one record. */
  accumulate(record: Record<string, unknown>): void {
    this.root.add(record);
    this.count++;
  }

  /** Records added so far. */
  get records(): number {
    return this.count;
  }

  /** The schema of the records added (`undefined` before the first). */
  schema(): JsonSchema | undefined {
    if (this.count === 0) return undefined;
    const schema = clean(this.root.toSchema(this.options));
    schema.type = "object"; // the kit un-nulls the root
    return { $schema: "http://json-schema.org/schema#", ...schema };
  }
}

/** Infers the schema of `records` (see {@link SchemaInferrer}); `undefined` for no records. */
export function inferSchema(records: Iterable<Record<string, unknown>>, options: InferOptions = {}): JsonSchema | undefined {
  const inferrer = new SchemaInferrer(options);
  for (const record of records) inferrer.accumulate(record);
  return inferrer.schema();
}

/**
 * The kit's `_clean`: an `anyOf` of `null` and one other becomes that other, nullable; an `anyOf` of two
 * others keeps them as they are (their own types are not made nullable); a property only ever null is
 * dropped; every other type gets `null`, last.
 */
function clean(node: JsonSchema): JsonSchema {
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const nullAt = anyOf.findIndex((s) => Object.keys(s).length === 1 && s.type === "null");
    if (anyOf.length === 2 && nullAt >= 0) {
      const real = anyOf[1 - nullAt]!;
      delete node.anyOf;
      Object.assign(node, real, { type: [real.type, "null"] });
    } else {
      return node; // the kit leaves the branches as genson wrote them, with no `type` beside them
    }
  }
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    for (const [key, value] of Object.entries(properties)) {
      if (value.type === "null") delete properties[key];
      else clean(value);
    }
  }
  if (node.items) clean(node.items as JsonSchema);
  const type = node.type as string | string[] | undefined;
  if (Array.isArray(type)) node.type = [...type.filter((t) => t !== "null"), "null"];
  else if (type !== undefined) node.type = [type, "null"];
  return node;
}

function kindOf(value: unknown): Kind {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number" || typeof value === "bigint") return "number";
  if (typeof value === "string") return "string";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  return "string";
}
