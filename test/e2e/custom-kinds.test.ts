import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { PyDateTime } from "../../python/index.js";
import { SluiceError } from "../../sdk/index.js";
import { tempConnector, type TempConnector } from "../core/loader/temp-connector.js";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";

// Every Custom* kind with a real class file (custom-kinds/components.ts, copied into a connector folder
// outside the repo) read through the engine against a loopback server.
let folder: TempConnector;
let api: Loopback;
let unavailableOnce = true;

before(async () => {
  folder = await tempConnector({ "components.ts": await readFile(join(import.meta.dirname, "custom-kinds", "components.ts"), "utf8") });
  api = await startLoopback((req) => {
    const region = req.url.searchParams.get("region");
    if (req.url.pathname === "/flaky" && unavailableOnce) {
      unavailableOnce = false;
      return { status: 503, body: {} };
    }
    if (req.url.pathname === "/teapot") return { status: 418, body: { message: "short and stout" } };
    if (req.url.pathname === "/broken") return { status: 500, body: {} };
    if (req.url.pathname === "/limited") return { status: req.headers["x-retry"] ? 200 : 429, body: { data: [] } };
    if (req.url.pathname === "/invoices") return { body: { data: [{ id: 1, created: "2024-01-31" }] } };
    if (req.url.pathname === "/changes") {
      const all = [{ id: 1, updated: "2024-01-01" }, { id: 2, updated: "2024-02-01" }, { id: 3, updated: "2024-03-01" }];
      return { body: { data: all.filter((r) => r.updated > (req.url.searchParams.get("since") ?? "")) } };
    }
    return { body: { items: [{ id: 1, status: "open", region }, { id: 2, status: "deleted", region }], data: [{ id: 7 }, { id: 8 }] } };
  });
});
after(async () => {
  await api?.close();
  await folder?.remove();
});

const custom = (type: string, name: string, fields: Record<string, unknown> = {}) => ({ type, class_name: `components.${name}`, ...fields });

function manifest(stream: Record<string, unknown>, retriever: Record<string, unknown> = {}, requester: Record<string, unknown> = {}) {
  return oneStreamManifest({ urlBase: api.url, stream, retriever, requester });
}

async function read(def: Record<string, unknown>, state?: Record<string, unknown>, byPage = false) {
  const file = join(folder.dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(def));
  const connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
  const records: Record<string, unknown>[] = [];
  let lastState: Record<string, unknown> | undefined;
  const read = connector.read("items", { state, onState: (s) => { lastState = s; } });
  if (byPage) for await (const page of read.pages()) records.push(...page);
  else for await (const record of read) records.push(record);
  return { records, state: lastState, schema: await connector.streams.find((s) => s.name === "items")?.jsonSchema() };
}

describe("every Custom* kind, as a class file in the connector folder", () => {
  it("reads through a custom extractor, filter, partition router, transformation, schema loader and error handler", async () => {
    const before = api.requests.length;
    const result = await read(manifest(
      { transformations: [custom("CustomTransformation", "TagRegion", { field: "tagged" })], schema_loader: custom("CustomSchemaLoader", "InlineSchema") },
      {
        partition_router: custom("CustomPartitionRouter", "Regions", { regions: ["eu", "us"] }),
        record_selector: { type: "RecordSelector", extractor: custom("CustomRecordExtractor", "ItemsExtractor", { root: "items" }), record_filter: custom("CustomRecordFilter", "SkipDeleted") },
      },
      { path: "/flaky", error_handler: custom("CustomErrorHandler", "RetryUnavailable") },
    ));
    assert.deepEqual(result.records, [{ id: 1, status: "open", region: "eu", tagged: "eu" }, { id: 1, status: "open", region: "us", tagged: "us" }]);
    assert.deepEqual(api.requests.slice(before).map((r) => `${r.url.pathname}?${r.url.searchParams}`), ["/flaky?region=eu", "/flaky?region=eu", "/flaky?region=us"]);
    assert.equal((result.schema as Record<string, unknown>)["x-from"], "InlineSchema");
  });

  it("fails as a custom error handler decides, with its message", async () => {
    await assert.rejects(read(manifest({}, {}, { path: "/teapot", error_handler: custom("CustomErrorHandler", "RetryUnavailable") })), /teapot: .*short and stout/);
  });

  it("retries with a custom backoff strategy inside DefaultErrorHandler, and names it when it throws", async () => {
    const handler = (path: string) => ({ path, error_handler: { type: "DefaultErrorHandler", max_retries: 1, backoff_strategies: [custom("CustomBackoffStrategy", "NoWait")] } });
    const before = api.requests.length;
    await assert.rejects(read(manifest({}, {}, handler("/limited"))), (error: unknown) => error instanceof SluiceError);
    assert.equal(api.requests.length - before, 2, "one retry after the 429, without the default backoff's wait");
    await assert.rejects(read(manifest({}, {}, handler("/broken"))), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "CUSTOM_CODE_FAILED");
      assert.match(error.message, /components\.NoWait\.backoffSeconds threw: no backoff for a 500/);
      return true;
    });
  });

  it("syncs incrementally with a custom cursor from a state a custom migration rewrote", async () => {
    const stream = { incremental_sync: custom("CustomIncrementalSync", "SinceCursor"), state_migrations: [custom("CustomStateMigration", "FromUpdatedAfter")] };
    const before = api.requests.length;
    const result = await read(manifest(stream, {}, { path: "/changes" }), { updated_after: "2024-01-15" });
    assert.equal(api.requests[before]?.url.searchParams.get("since"), "2024-01-15");
    assert.deepEqual(result.records.map((r) => r.id), [2, 3]);
    assert.deepEqual(result.state, { since: "2024-03-01" });
    // The page-batched (and concurrent) path migrates the saved state too.
    const byPage = await read(manifest(stream, {}, { path: "/changes" }), { updated_after: "2024-01-15" }, true);
    assert.deepEqual(byPage.records.map((r) => r.id), [2, 3]);
    assert.deepEqual(byPage.state, { since: "2024-03-01" });
  });

  it("sends through a custom requester wrapping a built HttpRequester", async () => {
    const requester = custom("CustomRequester", "Signed", { signer: "acme", inner: { type: "HttpRequester", url_base: api.url, path: "/items", http_method: "GET" } });
    const before = api.requests.length;
    const result = await read(manifest({}, { requester }));
    assert.deepEqual(result.records, [{ id: 7 }, { id: 8 }]);
    assert.equal(api.requests[before]?.headers["x-signed-by"], "acme");
  });

  it("reads through a custom retriever", async () => {
    const def = manifest({ retriever: custom("CustomRetriever", "FirstPageOnly", { requester: { type: "HttpRequester", url_base: api.url, path: "/items" } }) });
    assert.deepEqual((await read(def)).records, [{ id: 7, n: 1 }, { id: 8, n: 2 }]);
  });

  it("lets a custom class import sluice/python and get the running copy", async () => {
    const { records } = await read(manifest({ transformations: [custom("CustomTransformation", "DueDate", { months: 1 })] }, {}, { path: "/invoices" }));
    assert.equal(records[0]?.due, "2024-02-29");
    assert.ok(records[0]?.parsed instanceof PyDateTime, "the class's PyDateTime is Sluice's own");
  });

  it("names the class and method when custom code throws while its records are read", async () => {
    const def = manifest({}, { record_selector: { type: "RecordSelector", extractor: custom("CustomRecordExtractor", "ItemsExtractor", { root: "missing" }) } });
    await assert.rejects(read(def), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "CUSTOM_CODE_FAILED");
      assert.match(error.message, /components\.ItemsExtractor\.extract threw: no 'missing' list/);
      return true;
    });
  });

  it("refuses a class that does not extend the kind's SDK base, or lacks its method", async () => {
    const filter = (name: string) => manifest({}, { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, record_filter: custom("CustomRecordFilter", name) } });
    await assert.rejects(read(filter("NotAFilter")), (error: unknown) => error instanceof SluiceError && error.code === "CUSTOM_CLASS_WRONG_BASE" && /does not extend RecordFilter/.test(error.message));
    await assert.rejects(read(filter("FilterWithoutKeep")), (error: unknown) => error instanceof SluiceError && error.code === "CUSTOM_CLASS_INCOMPLETE" && /does not define keep/.test(error.message));
  });
});
