import { pageRecords } from "./records.js";
import { routeFor, type Route } from "./routes.js";
import { readPaths, setPath } from "./template-paths.js";
import { modelOf, type StreamModel } from "./stream-model.js";

/** Where the mock serves a job's file: `/sluice-async-download/<stream>`. */
const DOWNLOAD_PATH = "/sluice-async-download/";

/** One endpoint of a report-job API: a requester's method and path, and what it answers. */
interface JobEndpoint {
  method: string;
  route: Route<(origin: string) => unknown>;
}

/**
 * What the corpus mock answers an `AsyncRetriever` stream with, read from the manifest: the creation
 * response (an `id` and every field the job's templates read from it), a polling response whose status
 * is the first `completed` status of the `status_mapping` and whose download targets name the mock's
 * file, the download target response, the file itself (a CSV of the stream's records for a
 * `ResponseToFileExtractor`, else JSON records where the record selector looks), and `{}` for abort
 * and delete. So a report stream is read end to end: create, poll, download, delete.
 *
 * @example
 * const jobs = asyncJobModel(streamDefinition);
 * jobs?.answer("POST", "/v3/marketing/contacts/exports", origin) // { body: { id: "sluice-job" } }
 */
export interface AsyncJobModel {
  name: string;
  answer(method: string, path: string, origin: string): { body: unknown; contentType?: string } | undefined;
}

export function asyncJobModel(stream: Record<string, unknown>): AsyncJobModel | undefined {
  const retriever = asObject(stream.retriever);
  if (retriever?.type !== "AsyncRetriever") return undefined;
  const name = String(stream.name ?? "");
  const text = JSON.stringify(retriever);
  const fileUrl = (origin: string) => `${origin}${DOWNLOAD_PATH}${encodeURIComponent(name)}`;
  const downloadBase = String(asObject(retriever.download_requester)?.url_base ?? "");
  // A download requester with a url_base joins the target to it: then the target is the path alone.
  const target = (origin: string) => (downloadBase.trim() === "" ? fileUrl(origin) : `${DOWNLOAD_PATH}${encodeURIComponent(name)}`);
  const targetField = extractorPath(retriever.download_target_extractor ?? retriever.urls_extractor);

  const creation: Record<string, unknown> = { id: "sluice-job" };
  for (const path of [...readPaths(text, "creation_response"), ...createJobResponseReads(text)]) setPath(creation, path, "sluice-job");
  const polling = (origin: string) => {
    const body: Record<string, unknown> = {};
    for (const path of readPaths(text, "polling_response")) setPath(body, path, "sluice-document");
    const status = firstOf(asObject(retriever.status_mapping)?.completed);
    setPath(body, extractorPath(retriever.status_extractor) ?? ["status"], status);
    if (targetField && !retriever.download_target_requester) setPath(body, targetField, [target(origin)]);
    return body;
  };
  const endpoints: JobEndpoint[] = [];
  const add = (field: string, answer: (origin: string) => unknown) => {
    const requester = asObject(retriever[field]);
    if (typeof requester?.path !== "string") return;
    endpoints.push({ method: String(requester.http_method ?? "GET").toUpperCase(), route: routeFor(requester.path, answer) });
  };
  add("creation_requester", () => creation);
  add("polling_requester", polling);
  add("download_target_requester", (origin) => withValue({}, targetField ?? ["url"], [target(origin)]));
  add("abort_requester", () => ({}));
  add("delete_requester", () => ({}));
  const records = recordsModel(stream, retriever);
  return {
    name,
    answer(method, path, origin) {
      if (path === `${DOWNLOAD_PATH}${encodeURIComponent(name)}` || decodeURIComponent(path) === `${DOWNLOAD_PATH}${name}`) return records;
      const matching = endpoints.filter((e) => e.method === method && e.route.pattern.test(path)).sort((a, b) => b.route.weight - a.route.weight);
      const endpoint = matching[0];
      return endpoint ? { body: endpoint.route.target(origin) } : undefined;
    },
  };
}

/** The job's file: a CSV of two records for a `ResponseToFileExtractor`, else the records as JSON where the selector looks. */
function recordsModel(stream: Record<string, unknown>, retriever: Record<string, unknown>): { body: unknown; contentType?: string } {
  const extractor = asObject(retriever.download_extractor) ?? asObject(asObject(retriever.record_selector)?.extractor) ?? {};
  const model: StreamModel | undefined = modelOf({ ...stream, retriever: { type: "SimpleRetriever", record_selector: { ...asObject(retriever.record_selector), extractor } } }, []);
  const rows = model ? pageRecords(model, 2, 1) : [{ id: "r1-1" }, { id: "r1-2" }];
  if (extractor.type === "ResponseToFileExtractor") return { body: toCsv(rows), contentType: "text/csv" };
  const fieldPath = model?.fieldPath?.filter((p) => !p.includes("{{") && p !== "*") ?? [];
  return { body: fieldPath.length > 0 ? withValue({}, fieldPath, rows) : rows };
}

/** Rows as CSV, one column per top-level field (nested values as JSON), quoted where needed. */
function toCsv(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.map(cell).join(","), ...rows.map((row) => columns.map((c) => cell(row[c])).join(","))].join("\n") + "\n";
}

/** Fields older manifests read as `stream_slice['create_job_response'].json()['id']`. */
function createJobResponseReads(text: string): string[][] {
  return [...text.matchAll(/create_job_response\W*\.json\(\)\s*\[\s*\\?['"]([^'"\\]+)\\?['"]\s*\]/g)].map((m) => [m[1]!]);
}

function extractorPath(extractor: unknown): string[] | undefined {
  const path = asObject(extractor)?.field_path;
  return Array.isArray(path) && path.every((p) => typeof p === "string" && !p.includes("{{") && p !== "*") ? (path as string[]) : undefined;
}

function firstOf(list: unknown): string {
  return Array.isArray(list) && list.length > 0 ? String(list[0]) : "completed";
}

function withValue(target: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  if (path.length === 0) return value as Record<string, unknown>;
  setPath(target, path, value);
  return target;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
