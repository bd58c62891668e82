import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { createSluice } from "../../../core/index.js";
import { Clock, SluiceError } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { useLoopback, type SeenRequest } from "../../support/loopback.js";

/** An Amazon-Seller-Partner-like reports API whose job outcome each test scripts through the report kind. */
const polls = new Map<string, number>();
function route(req: SeenRequest, origin: string) {
  const path = req.url.pathname;
  if (req.method === "POST" && path === "/reports") return { body: { reportId: `R-${String(req.fields.kind)}-${polls.size}` } };
  const report = /^\/reports\/(R-(\w+)-\d+)$/.exec(path);
  if (report && req.method === "GET") {
    const count = (polls.get(report[1]!) ?? 0) + 1;
    polls.set(report[1]!, count);
    const kind = report[2]!;
    const status = kind === "fails" ? "FATAL" : kind === "stuck" ? "IN_PROGRESS" : kind === "empty" ? "CANCELLED" : count < 3 ? "IN_PROGRESS" : "DONE";
    return { body: { processingStatus: status, reportDocumentId: `D-${report[1]}`, urls: [`${origin}/pages/1`, `${origin}/pages/2`] } };
  }
  if (report && req.method === "DELETE") return { status: 204, body: "" };
  if (/^\/reports\/.+\/cancel$/.test(path)) return { body: {} };
  const doc = /^\/documents\/(.+)$/.exec(path);
  if (doc) return { body: { url: `${origin}/files/${doc[1]}.csv.gz` } };
  if (path.startsWith("/files/")) return { headers: { "Content-Type": "application/octet-stream" }, body: gzipSync(Buffer.from("sku,price,note\nA-1,9.99,NA\nB-2,5.00,fragile\n")) };
  if (path.startsWith("/pages/")) return { body: { data: [{ page: path }] } };
  return { status: 404, body: {} };
}

function manifest(url: string, kind: string, retriever: Record<string, unknown> = {}) {
  const requester = (path: string, extra: Record<string, unknown> = {}) => ({ type: "HttpRequester", url_base: url, path, http_method: "GET", ...extra });
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    streams: [
      {
        type: "DeclarativeStream",
        name: "report",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "AsyncRetriever",
          creation_requester: requester("/reports", { http_method: "POST", request_body_json: { kind } }),
          polling_requester: requester("/reports/{{ stream_slice.extra_fields.creation_response.reportId }}"),
          status_extractor: { type: "DpathExtractor", field_path: ["processingStatus"] },
          status_mapping: { type: "AsyncJobStatusMap", running: ["IN_QUEUE", "IN_PROGRESS"], completed: ["DONE"], failed: ["FATAL"], timeout: [], skipped: ["CANCELLED"] },
          download_target_requester: requester("/documents/{{ stream_slice.extra_fields.polling_response.reportDocumentId }}"),
          download_target_extractor: { type: "DpathExtractor", field_path: ["url"] },
          download_requester: requester("{{ stream_slice.extra_fields.download_target }}", { url_base: "" }),
          download_extractor: { type: "ResponseToFileExtractor" },
          abort_requester: requester("/reports/{{ stream_slice.extra_fields.creation_response.reportId }}/cancel", { http_method: "POST" }),
          delete_requester: requester("/reports/{{ stream_slice.extra_fields.creation_response.reportId }}", { http_method: "DELETE" }),
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
          ...retriever,
        },
      },
    ],
  };
}

async function read(def: Record<string, unknown>) {
  const clock = new FakeClock();
  const sluice = createSluice({ logLevel: "error" }).register(Clock, clock);
  const connector = await sluice.connect({ manifest: def, config: {} });
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of connector.read("report")) records.push(record);
  } catch (error) {
    return { records, error, clock };
  }
  return { records, clock, error: undefined };
}

describe("AsyncRetriever", () => {
  const api = useLoopback(route);

  it("creates the job, polls it with growing waits until done, downloads the gzipped CSV and deletes the job", async () => {
    const seen = api.since();
    const { records, error, clock } = await read(manifest(api.url, "ok"));
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ sku: "A-1", price: "9.99", note: null }, { sku: "B-2", price: "5.00", note: "fragile" }]);
    assert.deepEqual(clock.sleeps, [1000, 2000], "two running polls, waiting 1 s then 2 s");
    const calls = seen().map((r) => `${r.method} ${r.url.pathname}`);
    assert.deepEqual(calls, ["POST /reports", "GET /reports/R-ok-0", "GET /reports/R-ok-0", "GET /reports/R-ok-0", "GET /documents/D-R-ok-0", "GET /files/D-R-ok-0.csv.gz", "DELETE /reports/R-ok-0"]);
  });

  it("keeps pandas' missing-value markers as text with preserve_na_values", async () => {
    const { records } = await read(manifest(api.url, "ok", { download_extractor: { type: "ResponseToFileExtractor", preserve_na_values: true } }));
    assert.equal(records[0]!.note, "NA");
  });

  it("creates a failed job again, and fails the read with ASYNC_JOB_FAILED after three attempts", async () => {
    const seen = api.since();
    const { records, error } = await read(manifest(api.url, "fails"));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "ASYNC_JOB_FAILED");
    assert.match(error.message, /FATAL/);
    assert.equal(records.length, 0);
    assert.equal(seen().filter((r) => r.method === "POST" && r.url.pathname === "/reports").length, 3);
  });

  it("aborts a job still running after polling_job_timeout, and fails with ASYNC_JOB_TIMEOUT after three attempts", async () => {
    const seen = api.since();
    const { error, clock } = await read(manifest(api.url, "stuck", { polling_job_timeout: 1 }));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "ASYNC_JOB_TIMEOUT");
    assert.equal(seen().filter((r) => r.url.pathname.endsWith("/cancel")).length, 3);
    assert.ok(clock.sleeps.every((ms) => ms <= 30_000), "waits between polls are capped at 30 s");
    assert.ok(clock.sleeps.reduce((a, b) => a + b, 0) <= 3 * 60_000, "each attempt stops polling within its minute");
  });

  it("reads nothing for a skipped job", async () => {
    const { records, error } = await read(manifest(api.url, "empty"));
    assert.equal(error, undefined);
    assert.deepEqual(records, []);
  });

  it("downloads every URL of an older manifest's urls_extractor as JSON pages through the record selector", async () => {
    const def = manifest(api.url, "ok", {
      download_target_requester: undefined,
      download_target_extractor: undefined,
      download_extractor: undefined,
      urls_extractor: { type: "DpathExtractor", field_path: ["urls"] },
      download_requester: { type: "HttpRequester", url_base: "", path: "{{ stream_slice.extra_fields['url'] }}", http_method: "GET" },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
    });
    const retriever = (def.streams[0]!.retriever as Record<string, unknown>);
    for (const key of Object.keys(retriever)) if (retriever[key] === undefined) delete retriever[key];
    const { records, error } = await read(def);
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ page: "/pages/1" }, { page: "/pages/2" }]);
  });
});
