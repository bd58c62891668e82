import type { TestReadStream } from "../test-read/test-read-document.js";

/** What a trial read of a paginator showed. */
export interface Confirmation {
  confirmed: boolean;
  pages: number;
  records: number;
  /** In words: `read 3 pages, 30 records, none repeated`, or why the paginator was turned down. */
  text: string;
}

/**
 * Judges a trial read of a candidate paginator: kept when it read a second page whose records are
 * new (by the primary key, else the whole record), turned down when the read failed, stopped after
 * the first page, or read the first page's records again (the API ignored the parameter).
 *
 * @example
 * confirmPaginator(document.streams[0], "id") // { confirmed: true, pages: 3, records: 30, text: "read 3 pages, 30 records, none repeated" }
 */
export function confirmPaginator(read: TestReadStream | undefined, primaryKey: string | undefined): Confirmation {
  const pages = read?.slices[0]?.pages ?? [];
  const records = pages.reduce((n, p) => n + p.records.length, 0);
  const result = (confirmed: boolean, text: string): Confirmation => ({ confirmed, pages: pages.length, records, text });
  if (read?.error) return result(false, `the read failed: ${read.error.split("\n")[0]}`);
  if (pages.length < 2) return result(false, "it stopped after the first page");
  const key = (record: unknown) => (primaryKey && typeof record === "object" && record !== null ? String((record as Record<string, unknown>)[primaryKey]) : JSON.stringify(record));
  const seen = new Set(pages[0]!.records.map(key));
  const second = pages[1]!.records.map(key);
  if (second.length === 0) return result(false, "the second page was empty");
  if (second.every((k) => seen.has(k))) return result(false, "the second page repeated the first page's records (the API ignored the parameter)");
  let repeated = 0;
  for (const page of pages.slice(1)) for (const k of page.records.map(key)) (seen.has(k) ? repeated++ : seen.add(k));
  return result(true, `read ${pages.length} pages, ${records} records, ${repeated === 0 ? "none repeated" : `${repeated} repeated`}`);
}
