import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { type Loopback, startLoopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readPartitioned } from "../../support/read-stream.js";

/** Answers `/invoices` with one invoice per request, echoing what the request carried. */
function invoices(api: () => Loopback) {
  return (options: { router: Record<string, unknown>; requester?: Record<string, unknown> }) =>
    sourceDef([streamDef({ name: "invoices", urlBase: api().url, path: "/invoices", partitionRouter: options.router, requester: options.requester })]);
}

describe("ListPartitionRouter", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback((req) => ({
      body: [{ id: api.requests.length, query: Object.fromEntries(req.url.searchParams), status_header: req.headers["x-status"] ?? null, body: req.fields }],
    }));
  });
  after(() => api.close());
  const manifest = invoices(() => api);
  const since = () => {
    const start = api.requests.length;
    return () => api.requests.slice(start);
  };

  it("reads one slice per listed value, in order, with the value under cursor_field in the path", async () => {
    const seen = since();
    const def = manifest({ router: { type: "ListPartitionRouter", values: ["void", "paid", "issued"], cursor_field: "status" } });
    const streams = def.streams as Record<string, Record<string, Record<string, unknown>>>[];
    streams[0]!.retriever!.requester!.path = "/invoices/{{ stream_partition.status }}";
    const { records, error } = await readPartitioned(def, "invoices");
    assert.equal(error, undefined);
    assert.deepEqual(seen().map((r) => r.url.pathname), ["/invoices/void", "/invoices/paid", "/invoices/issued"]);
    assert.equal(records.length, 3);
  });

  it("evaluates a values template over the config to a list (GitHub-style repositories)", async () => {
    const seen = since();
    const def = manifest({
      router: { type: "ListPartitionRouter", values: "{{ config['statuses'] }}", cursor_field: "{{ config['key'] }}", request_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "status" } },
    });
    const { error } = await readPartitioned(def, "invoices", { statuses: ["open", "closed"], key: "state" });
    assert.equal(error, undefined);
    assert.deepEqual(seen().map((r) => r.url.searchParams.get("status")), ["open", "closed"]);
  });

  it("injects the value into a header, a JSON body and a form body, as request_option says", async () => {
    for (const [inject_into, check] of [
      ["header", (r: Record<string, unknown>) => r.status_header],
      ["body_json", (r: Record<string, unknown>) => (r.body as Record<string, unknown>).filter],
      ["body_data", (r: Record<string, unknown>) => (r.body as Record<string, unknown>).filter],
    ] as const) {
      const field = inject_into === "header" ? { field_name: "X-Status" } : { field_name: "filter" };
      const def = manifest({
        router: { type: "ListPartitionRouter", values: ["a", "b"], cursor_field: "status", request_option: { inject_into, ...field } },
        requester: { http_method: "POST" },
      });
      const { records, error } = await readPartitioned(def, "invoices");
      assert.equal(error, undefined, inject_into);
      assert.deepEqual(records.map(check), ["a", "b"], inject_into);
    }
  });

  it("nests the value in the JSON body with field_path", async () => {
    const def = manifest({
      router: { type: "ListPartitionRouter", values: ["eu"], cursor_field: "region", request_option: { inject_into: "body_json", field_path: ["filter", "region"] } },
      requester: { http_method: "POST" },
    });
    const { records } = await readPartitioned(def, "invoices");
    assert.deepEqual(records[0]!.body, { filter: { region: "eu" } });
  });

  it("does not inject a falsy value (the kit's rule), but still reads its slice", async () => {
    const seen = since();
    const def = manifest({
      router: { type: "ListPartitionRouter", values: "{{ config['pages'] }}", cursor_field: "page", request_option: { inject_into: "request_parameter", field_name: "page" } },
    });
    const { error } = await readPartitioned(def, "invoices", { pages: [0, 1, ""] });
    assert.equal(error, undefined);
    assert.deepEqual(seen().map((r) => r.url.search), ["", "?page=1", ""]);
  });

  it("sends numbers and booleans listed in the manifest as the kit's strings", async () => {
    const seen = since();
    const def = manifest({ router: { type: "ListPartitionRouter", values: [2024, true], cursor_field: "year" } });
    const streams = def.streams as Record<string, Record<string, Record<string, unknown>>>[];
    streams[0]!.retriever!.requester!.path = "/invoices/{{ stream_slice.year }}";
    await readPartitioned(def, "invoices");
    assert.deepEqual(seen().map((r) => r.url.pathname), ["/invoices/2024", "/invoices/True"]);
  });

  it("gives no slice for a values template that renders empty", async () => {
    const seen = since();
    const def = manifest({ router: { type: "ListPartitionRouter", values: "{{ config.get('none', '') }}", cursor_field: "x" } });
    const { records, error } = await readPartitioned(def, "invoices");
    assert.equal(error, undefined);
    assert.deepEqual(records, []);
    assert.equal(seen().length, 0);
  });

  it("refuses a values template that is not a list when the stream is read, without printing the value", async () => {
    const seen = since();
    const def = manifest({ router: { type: "ListPartitionRouter", values: "{{ config['repo'] }}", cursor_field: "repository" } });
    const { error } = await readPartitioned(def, "invoices", { repo: "octo-secret-repo" });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PARTITION_VALUES_INVALID");
    assert.equal(error.failureType, "config_error");
    assert.match(error.describe(), /streams\[0\]\.retriever\.partition_router\.values/);
    assert.doesNotMatch(error.describe(), /octo-secret-repo/);
    assert.equal(seen().length, 0);
  });

  it("refuses a values template that evaluates to None", async () => {
    const def = manifest({ router: { type: "ListPartitionRouter", values: "{{ config.get('repos') }}", cursor_field: "repository" } });
    const { error } = await readPartitioned(def, "invoices", {});
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PARTITION_VALUES_INVALID");
  });
});
