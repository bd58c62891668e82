import type { JsonObject } from "../../pure/json-object.js";

/** The primary key found in a page's records, and why. */
interface PrimaryKeyGuess {
  field: string;
  evidence: string;
}

/**
 * Finds the primary key of a page's records: a field present in every record, a string or a whole
 * number, unique across the page, named like an id (`id`, `Id`, `uuid`, `gid`, `key`, then a name
 * ending in `id`). Undefined when no field is both.
 *
 * @example
 * findPrimaryKey([{ Id: "001A", Name: "Acme" }, { Id: "001B", Name: "Globex" }]) // { field: "Id", evidence: "..." }
 */
export function findPrimaryKey(records: readonly JsonObject[]): PrimaryKeyGuess | undefined {
  if (records.length === 0) return undefined;
  const fields = Object.keys(records[0]!).filter((field) => records.every((r) => isKeyValue(r[field])));
  const unique = fields.filter((field) => new Set(records.map((r) => String(r[field]))).size === records.length);
  const ranked = unique.map((field) => ({ field, rank: rank(field) })).filter((c) => c.rank > 0).sort((a, b) => b.rank - a.rank);
  const best = ranked[0];
  if (!best) return undefined;
  const seen = records.length === 1 ? "present in the one record (uniqueness not seen: one record only)" : `present and unique in all ${records.length} records`;
  return { field: best.field, evidence: `${best.field} is id-like and ${seen}` };
}

function isKeyValue(value: unknown): boolean {
  return (typeof value === "string" && value !== "") || (typeof value === "number" && Number.isInteger(value));
}

function rank(field: string): number {
  const lower = field.toLowerCase();
  if (lower === "id") return 5;
  if (lower === "uuid" || lower === "gid" || lower === "guid") return 4;
  if (lower === "key") return 3;
  if (/(_id|id)$/.test(lower)) return 2;
  return 0;
}
