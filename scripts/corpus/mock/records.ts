import { formatDatetime, PyDateTime } from "../../../python/index.js";
import { setPath } from "./template-paths.js";
import type { StreamModel } from "./stream-model.js";

/** The moment every synthesised datetime is written from (recent, inside any sensible start date). */
const MOMENT = PyDateTime.fromFields({ year: 2025, month: 6, day: 15, hour: 12, minute: 30, second: 45 });

/**
 * `count` records for one page of a stream: a value of the right type for every property of its schema,
 * plus its primary keys, parent keys (unique ids) and cursor field (a datetime in the cursor's format).
 *
 * @example
 * pageRecords(model, 2, 1) // [{ id: "r1-1", updated_at: "2025-06-15T12:30:45Z", ... }, { id: "r1-2", ... }]
 */
export function pageRecords(model: StreamModel, count: number, page: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => record(model, `${page}-${i + 1}`));
}

function record(model: StreamModel, serial: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(model.properties).slice(0, 40)) out[name] = valueOf(schema, serial, 0);
  out.id ??= `r${serial}`;
  // Keys are unique ids, unless the schema gives the key a date (a parent key that is a date, read by format_datetime).
  for (const key of model.keyFields) if (key.length !== 1 || !isDate(model.properties[key[0]!])) setPath(out, key, `r${serial}`);
  // A day after the synthetic start date: inside the first window, and after it for filters comparing with `>`.
  if (model.cursor) setPath(out, model.cursor.field, cursorValue(model.cursor.format, 1));
  for (const [path, value] of model.filterValues) setPath(out, path, value);
  return out;
}

/** A datetime (`days` after the mock's moment) written in a kit datetime format (`%s`/`%ms` epoch formats give numbers in text). */
export function cursorValue(format: string, days = 0): string {
  return formatDatetime(PyDateTime.utc(MOMENT.us + BigInt(days) * 86_400_000_000n), format);
}

function isDate(schema: unknown): boolean {
  const format = (schema as Record<string, unknown> | undefined)?.format;
  return format === "date" || format === "date-time";
}

function valueOf(schema: unknown, serial: string, depth: number): unknown {
  if (!schema || typeof schema !== "object" || depth > 3) return null;
  const s = schema as Record<string, unknown>;
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t !== "null");
  const type = types[0];
  if (type === "string") {
    if (s.format === "date-time") return MOMENT.strftime("%Y-%m-%dT%H:%M:%SZ");
    if (s.format === "date") return MOMENT.strftime("%Y-%m-%d");
    return `v${serial}`;
  }
  if (type === "integer") return 7;
  if (type === "number") return 7.5;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") {
    const properties = s.properties && typeof s.properties === "object" ? (s.properties as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(properties).slice(0, 10).map(([k, v]) => [k, valueOf(v, serial, depth + 1)]));
  }
  return null;
}
