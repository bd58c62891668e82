import { mergeAllOf } from "./openapi-schema.js";
import type { Json, OpenApiDocument, OpenApiOperation } from "./read-openapi.js";

/** A GET operation that returns a collection: a stream to make. */
export interface ListEndpoint {
  operation: OpenApiOperation;
  /** The stream's name: the path's last fixed segment (`/projects/{id}/tasks` is `tasks`), made unique. */
  name: string;
  /** Where the records are in the response (`[]`: the response is the list). */
  recordsPath: string[];
  /** The schema of one record. */
  itemSchema: Json;
  /** The response's top-level properties (pagination fields are found among them). */
  responseProperties: Record<string, Json>;
  primaryKey?: string;
  /** One line per guess, with the document's names it relied on. */
  evidence: string[];
}

/** Array properties a list response holds its records in, most likely first. */
const RECORD_FIELDS = ["data", "items", "results", "records", "entries", "values", "list", "objects", "elements", "rows", "content"];
/** Record fields that identify a record, most likely first. */
const KEY_FIELDS = ["id", "uuid", "key", "guid", "slug"];

/**
 * The list endpoints of a document: GET operations whose success response is an array, or an object
 * with an array of objects (the records) beside other fields (a cursor, a total). Every other GET is
 * left out with the reason.
 *
 * @example
 * const { endpoints, skipped } = listEndpoints(doc);
 * endpoints.map((e) => `${e.name}: ${e.recordsPath.join(".") || "(the response)"}`); // ["users: data"]
 * skipped; // ["GET /users/{id}: answers one object, not a list"]
 */
export function listEndpoints(doc: OpenApiDocument): { endpoints: ListEndpoint[]; skipped: string[] } {
  const endpoints: ListEndpoint[] = [];
  const skipped: string[] = [];
  const names = new Set<string>();
  for (const operation of doc.operations.filter((o) => o.method === "get")) {
    const where = `GET ${operation.path}`;
    const schema = operation.responseSchema ? mergeAllOf(operation.responseSchema) : undefined;
    if (!schema) {
      skipped.push(`${where}: its success response declares no JSON schema`);
      continue;
    }
    const found = records(schema);
    if (!found) {
      const scalars = schema.type === "array" || schema.items ? `an array of ${String(mergeAllOf((schema.items ?? {}) as Json).type ?? "value")}s, not of records (objects)` : "one object, not a list (no array of records in its response schema)";
      skipped.push(`${where}: answers ${scalars}`);
      continue;
    }
    const name = uniqueName(operation.path, names);
    const item = mergeAllOf(found.item);
    const key = KEY_FIELDS.find((k) => item.properties?.[k]) ?? Object.keys(item.properties ?? {}).find((k) => k.toLowerCase() === `${singular(name)}_id`);
    const evidence = [`records: ${found.evidence}`];
    evidence.push(key ? `primary key: ${key} (a property of the records' schema)` : "primary key: none (the records' schema has no id, uuid or key property)");
    endpoints.push({ operation, name, recordsPath: found.path, itemSchema: item, responseProperties: (schema.properties ?? {}) as Record<string, Json>, primaryKey: key, evidence });
  }
  return { endpoints, skipped };
}

function records(schema: Json): { path: string[]; item: Json; evidence: string } | undefined {
  if (schema.type === "array" || schema.items) {
    const item = mergeAllOf((schema.items ?? {}) as Json);
    return isObjectSchema(item) ? { path: [], item, evidence: "the response is an array" } : undefined;
  }
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const arrays = Object.entries(properties).filter(([, p]) => (p?.type === "array" || p?.items) && isObjectSchema(mergeAllOf((p.items ?? {}) as Json)));
  if (arrays.length === 0) return undefined;
  const [name, property] = arrays.find(([n]) => RECORD_FIELDS.includes(n.toLowerCase())) ?? (arrays.length === 1 ? arrays[0]! : arrays[0]!);
  const why = arrays.length === 1 ? `the response's one array of objects, '${name}'` : `the response's array '${name}' (of ${arrays.map(([n]) => `'${n}'`).join(", ")})`;
  return { path: [name], item: (property.items ?? {}) as Json, evidence: why };
}

/** A schema of records: typed `object` or with properties (an untyped item could be anything: not taken for records). */
function isObjectSchema(schema: Json): boolean {
  return schema.type === "object" || schema.properties !== undefined;
}

/** A stream name from the path's last fixed segment, or from an AWS-style `#Action=ListThings` (`list_things`). */
function uniqueName(fullPath: string, taken: Set<string>): string {
  const [path, fragment] = fullPath.split("#") as [string, string | undefined];
  const action = fragment ? new URLSearchParams(fragment).get("Action")?.replace(/([a-z0-9])([A-Z])/g, "$1_$2") : undefined;
  const fixed = path.split("/").filter((s) => s && !s.startsWith("{"));
  const base = (action ?? fixed.at(-1) ?? "items").replace(/\.(json|xml)$/i, "").replace(/[^\w]+/g, "_").toLowerCase();
  let name = base;
  for (let i = fixed.length - 2; taken.has(name) && i >= 0; i--) name = `${fixed[i]!.replace(/[^\w]+/g, "_").toLowerCase()}_${name}`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** A rough singular of a stream name (`projects` -> `project`), for `<name>_id` keys. */
export function singular(name: string): string {
  return name.endsWith("ies") ? `${name.slice(0, -3)}y` : name.endsWith("s") ? name.slice(0, -1) : name;
}
