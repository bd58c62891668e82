import type { TestReadStream } from "../test-read/test-read-document.js";

/** What a trial read of a paginator showed. */
export interface Confirmation {
  confirmed: boolean;
  pages: number;
  records: number;
  /** In words: `3 pages, 30 records, none repeated`, or why the paginator was turned down. */
  text: string;
}

/**
 * Judges a trial read of a candidate paginator: kept when it read a second page whose records are
 * new (by the primary key, else the whole record), turned down when the read failed, stopped after
 * the first page, or read the first page's records again (the API ignored the parameter).
 *
 * @example
 * confirmPaginator(document.streams[0], "id") // { confirmed: true, pages: 3, records: 30, text: "3 pages, 30 records, none repeated" }
 */
export function confirmPaginator(read: TestReadStream | undefined, primaryKey: string | undefined): Confirmation {
  const pages = read?.slices[0]?.pages ?? [];
  const records = pages.reduce((n, p) => n + p.records.length, 0);
  const result = (confirmed: boolean, text: string): Confirmation => ({ confirmed, pages: pages.length, records, text });
  const key = (record: unknown) => (primaryKey && typeof record === "object" && record !== null ? String((record as Record<string, unknown>)[primaryKey]) : JSON.stringify(record));
  const seen = new Set(pages[0]?.records.map(key));
  const second = pages[1]?.records.map(key) ?? [];
  // A repeat says more than the error it leads to (the progress guard refusing a token used twice).
  if (second.length > 0 && second.every((k) => seen.has(k))) return result(false, "the second page repeated the first page's records (the API ignored the parameter)");
  if (read?.error) return result(false, shortened(read.error.split("\n")[0]!));
  if (pages.length < 2) return result(false, "it stopped after the first page");
  if (second.length === 0) return result(false, "the second page was empty");
  let repeated = 0;
  for (const page of pages.slice(1)) for (const k of page.records.map(key)) (seen.has(k) ? repeated++ : seen.add(k));
  return result(true, `${pages.length} pages, ${records} records, ${repeated === 0 ? "none repeated" : `${repeated} repeated`}`);
}

/**
 * An error line cut to what a reader takes in at a glance: an HTTP status error without its code and
 * request (the probe's request is shown once already), at most 140 characters.
 */
function shortened(line: string): string {
  const status = /^\[HTTP_STATUS\] \S+ \S+ answered (\d+): (.*)$/.exec(line);
  const answer = status === null ? `the read failed: ${line}` : `the API answered ${status[1]}${messageOf(status[2]!)}`;
  return answer.length > 140 ? `${answer.slice(0, 137)}...` : answer;
}

/** An API's error message from its JSON error body (`message`, `error.message`, `errors[0].message`, `error`), as ` (message)`. */
function messageOf(body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `: ${body}`;
  }
  const object = (value ?? {}) as { message?: unknown; error?: unknown; errors?: unknown };
  const nested = typeof object.error === "object" && object.error !== null ? (object.error as { message?: unknown }).message : object.error;
  const first = Array.isArray(object.errors) ? (object.errors[0] as { message?: unknown } | undefined)?.message : undefined;
  const message = [object.message, nested, first].find((m) => typeof m === "string");
  return message === undefined ? `: ${body}` : ` (${String(message)})`;
}
