import { type JsonObject, isJsonObject } from "../../../pure/json-object.js";

/** Page-size keys a response echoes (Jira's maxResults, a per_page). */
export const SIZE_KEYS = ["limit", "maxResults", "max_results", "per_page", "perPage", "page_size", "pageSize", "size", "count_per_page"];
/** Totals: of records, or of pages. */
export const TOTAL_KEYS = ["total", "totalCount", "total_count", "totalSize", "total_size", "total_results", "totalResults", "total_entries", "totalElements", "count"];
export const TOTAL_PAGE_KEYS = ["total_pages", "totalPages", "pages", "page_count", "pageCount", "last_page", "lastPage"];

/** The first of `keys` the object holds as a whole number, with its value. */
export function numberField(object: JsonObject, keys: readonly string[]): { key: string; value: number } | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= 0) return { key, value };
  }
  return undefined;
}

/** The body and its objects one level down (`meta`, `pagination`): where the numbers of a page are kept. */
export function numberHolders(body: unknown): Array<{ path: string[]; object: JsonObject }> {
  if (!isJsonObject(body)) return [];
  const nested = Object.entries(body).filter(([, v]) => isJsonObject(v)).map(([k, v]) => ({ path: [k], object: v as JsonObject }));
  return [{ path: [], object: body }, ...nested];
}
