import { type JsonObject, isJsonObject } from "../../pure/json-object.js";
import { showPath } from "./response-getter.js";

/** Where the records of a response are: the extractor's `field_path`, the records found there, and why. */
export interface RecordPathGuess {
  /** `DpathExtractor.field_path`: `[]` for a body that is the array, `*` to step into every item. */
  path: string[];
  records: JsonObject[];
  evidence: string;
  /** Other arrays of objects that could have held the records, when one could not be told from them. */
  alternatives: string[];
}

/** Names APIs give the array of records (Stripe's data, Graph's value, HubSpot's results, ...). */
const RECORD_NAMES = new Set(["data", "results", "records", "items", "value", "values", "entries", "elements", "edges", "nodes", "list", "rows", "hits", "objects"]);
const MAX_DEPTH = 6;

/**
 * Finds the array of objects that holds a page's records: the body itself when it is an array (GitHub),
 * else the array of objects in the body that is longest, then named like records (`data`, `results`,
 * `value`...), then nearest the top; a GraphQL connection's `edges` becomes `edges/*\/node`, the nodes
 * being the records. Arrays inside the chosen records are never candidates.
 *
 * @example
 * findRecordPath({ object: "list", data: [{ id: "cus_1" }], has_more: true }).path // ["data"]
 * findRecordPath({ data: { repository: { issues: { edges: [{ node: { id: "I_1" } }] } } } }).path
 * // ["data", "repository", "issues", "edges", "*", "node"]
 */
export function findRecordPath(body: unknown): RecordPathGuess | undefined {
  if (Array.isArray(body)) {
    const records = body.filter(isJsonObject);
    if (body.length > 0 && records.length !== body.length) return undefined;
    return { path: [], records, evidence: `the body is a JSON array of ${count(records.length, "object")}`, alternatives: [] };
  }
  const found: Array<{ path: string[]; records: JsonObject[] }> = [];
  collect(body, [], found);
  if (found.length === 0) return undefined;
  const ranked = found.map((candidate) => ({ ...candidate, score: score(candidate) })).sort((a, b) => b.score - a.score);
  const best = ranked[0]!;
  const alternatives = ranked.slice(1).filter((c) => c.records.length === best.records.length && c.records.length > 0).map((c) => showPath(c.path));
  const edges = best.path.at(-1) === "node";
  const array = showPath(edges ? best.path.slice(0, -2) : best.path);
  const size = best.records.length === 0 ? "an empty array" : `the ${ranked.length > 1 ? "largest " : ""}array of objects (${count(best.records.length, "record")})`;
  return {
    path: best.path,
    records: best.records,
    evidence: edges ? `${array} is a GraphQL connection's edges (${count(best.records.length, "record")}): each edge's node is a record` : `${array} is ${size}`,
    alternatives,
  };
}

function collect(node: unknown, path: string[], found: Array<{ path: string[]; records: JsonObject[] }>): void {
  if (!isJsonObject(node) || path.length >= MAX_DEPTH) return;
  for (const [key, value] of Object.entries(node)) {
    if (Array.isArray(value)) {
      if (!value.every(isJsonObject)) continue;
      const records = value as JsonObject[];
      // A connection's edges hold a node each: the nodes are the records.
      if (records.length > 0 && records.every((edge) => isJsonObject(edge.node))) found.push({ path: [...path, key, "*", "node"], records: records.map((edge) => edge.node as JsonObject) });
      else if (records.length > 0 || RECORD_NAMES.has(key)) found.push({ path: [...path, key], records });
    } else {
      collect(value, [...path, key], found);
    }
  }
}

function score(candidate: { path: string[]; records: JsonObject[] }): number {
  const name = candidate.path.filter((k) => k !== "*" && k !== "node").at(-1) ?? "";
  return candidate.records.length * 100 + (RECORD_NAMES.has(name) ? 50 : 0) - candidate.path.length;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
