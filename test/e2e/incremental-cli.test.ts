import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type SeenRequest } from "../support/loopback.js";
import { runSluice } from "./auth-cli-support.js";

// SendGrid-style messages API: GET /v3/messages?start_time=<ISO>&end_time=<ISO>, {"messages": [...]}
// with `last_event_time`. The sync window ends at the config's end_date so the CLI run is deterministic.
const MESSAGES = [
  { msg_id: "m1", last_event_time: "2024-05-01T09:00:00Z" },
  { msg_id: "m2", last_event_time: "2024-05-02T18:30:00Z" },
  { msg_id: "m3", last_event_time: "2024-05-03T07:15:00Z" },
];

function sendgrid(req: SeenRequest) {
  const from = req.url.searchParams.get("start_time") ?? "";
  const to = req.url.searchParams.get("end_time") ?? "";
  return { body: { messages: MESSAGES.filter((m) => m.last_event_time >= from && m.last_event_time <= to) } };
}

function manifest(): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["messages"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "messages",
        primary_key: "msg_id",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        incremental_sync: {
          type: "DatetimeBasedCursor",
          cursor_field: "last_event_time",
          datetime_format: "%Y-%m-%dT%H:%M:%SZ",
          start_datetime: "{{ config['start_date'] }}",
          end_datetime: "{{ config['end_date'] }}",
          step: "P1D",
          cursor_granularity: "PT1S",
          start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "start_time" },
          end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "end_time" },
        },
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "{{ config['base_url'] }}", path: "/v3/messages" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["messages"] } },
        },
      },
    ],
    spec: { type: "Spec", connection_specification: { type: "object", properties: { base_url: { type: "string" }, start_date: { type: "string" }, end_date: { type: "string" } } } },
  };
}

describe("sluice read --state on a SendGrid-style incremental stream", () => {
  let api: Loopback;
  let dir: string;
  before(async () => {
    api = await startLoopback(sendgrid);
    dir = mkdtempSync(join(tmpdir(), "sluice-e2e-incremental-"));
    writeFileSync(join(dir, "manifest.yaml"), JSON.stringify(manifest()));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const config = (endDate: string) => {
    const file = join(dir, `config-${endDate.slice(0, 10)}.json`);
    writeFileSync(file, JSON.stringify({ base_url: api.url, start_date: "2024-05-01T00:00:00Z", end_date: endDate }));
    return file;
  };
  const windows = (requests: SeenRequest[]) => requests.map((r) => `${r.url.searchParams.get("start_time")} .. ${r.url.searchParams.get("end_time")}`);
  const states = (messages: Array<Record<string, any>>) => messages.filter((m) => m.type === "STATE").map((m) => m.state.stream.stream_state);

  it("prints a STATE message when a day moves the state (once only: day 2 has no record), then the next run starts from the state it printed", async () => {
    let start = api.requests.length;
    const first = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-02T12:00:00Z")], dir);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(windows(api.requests.slice(start)), ["2024-05-01T00:00:00Z .. 2024-05-01T23:59:59Z", "2024-05-02T00:00:00Z .. 2024-05-02T12:00:00Z"]);
    assert.deepEqual(first.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.msg_id), ["m1"]);
    assert.deepEqual(states(first.messages), [{ last_event_time: "2024-05-01T09:00:00Z" }]);
    const counts = first.messages.filter((m) => m.type === "STATE").map((m) => m.state.sourceStats.recordCount);
    assert.deepEqual(counts, [1]);

    const lastState = first.messages.filter((m) => m.type === "STATE").at(-1)!.state;
    writeFileSync(join(dir, "state.json"), JSON.stringify([lastState]));
    start = api.requests.length;
    const second = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-03T12:00:00Z"), "--state", "state.json"], dir);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(windows(api.requests.slice(start)), ["2024-05-01T09:00:00Z .. 2024-05-02T08:59:59Z", "2024-05-02T09:00:00Z .. 2024-05-03T08:59:59Z", "2024-05-03T09:00:00Z .. 2024-05-03T12:00:00Z"]);
    assert.deepEqual(second.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.msg_id), ["m1", "m2", "m3"]);
    assert.deepEqual(states(second.messages).at(-1), { last_event_time: "2024-05-03T07:15:00Z" });
    assert.equal(second.messages.some((m) => m.type === "STATE" && m.state.stream.stream_state.__ab_no_cursor_state_message), false);
  });

  it("accepts the legacy state object, and ignores the state for a catalog stream in full_refresh mode", async () => {
    writeFileSync(join(dir, "legacy.json"), JSON.stringify({ messages: { last_event_time: "2024-05-02T00:00:00Z" } }));
    let start = api.requests.length;
    const legacy = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-02T12:00:00Z"), "--state", "legacy.json"], dir);
    assert.equal(legacy.code, 0, legacy.stderr);
    assert.deepEqual(windows(api.requests.slice(start)), ["2024-05-02T00:00:00Z .. 2024-05-02T12:00:00Z"]);

    writeFileSync(join(dir, "catalog.json"), JSON.stringify({ streams: [{ stream: { name: "messages" }, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }] }));
    start = api.requests.length;
    const full = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-02T12:00:00Z"), "--state", "legacy.json", "--catalog", "catalog.json"], dir);
    assert.equal(full.code, 0, full.stderr);
    assert.equal(windows(api.requests.slice(start))[0], "2024-05-01T00:00:00Z .. 2024-05-01T23:59:59Z");
  });

  it("rejects a state file that is not Airbyte state", async () => {
    writeFileSync(join(dir, "bad.json"), JSON.stringify([{ type: "STREAM", stream: { stream_state: {} } }]));
    const run = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-02T12:00:00Z"), "--state", "bad.json"], dir);
    assert.notEqual(run.code, 0);
    const trace = run.messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR");
    assert.match(trace?.trace.error.message ?? "", /State entry 0 has no stream\.stream_descriptor\.name/);
  });

  it("discover lists the stream as incremental with its cursor field", async () => {
    const run = await runSluice(["discover", "--manifest", "manifest.yaml", "--config", config("2024-05-02T12:00:00Z")], dir);
    assert.equal(run.code, 0, run.stderr);
    const stream = run.messages.find((m) => m.type === "CATALOG")!.catalog.streams[0];
    assert.deepEqual(stream.supported_sync_modes, ["full_refresh", "incremental"]);
    assert.equal(stream.source_defined_cursor, true);
    assert.deepEqual(stream.default_cursor_field, ["last_event_time"]);
    assert.deepEqual(stream.source_defined_primary_key, [["msg_id"]]);
    assert.equal(stream.is_resumable, true);
  });

  it("reads the discovered catalog as the platform sends it back: incremental from the state, a foreign cursor_field ignored with a warning", async () => {
    const discovered = (await runSluice(["discover", "--manifest", "manifest.yaml", "--config", config("2024-05-03T12:00:00Z")], dir)).messages.find((m) => m.type === "CATALOG")!.catalog.streams[0];
    const configured = { streams: [{ stream: discovered, sync_mode: "incremental", cursor_field: ["msg_id"], destination_sync_mode: "append_dedup", primary_key: [["msg_id"]] }] };
    writeFileSync(join(dir, "configured.json"), JSON.stringify(configured));
    writeFileSync(join(dir, "resume.json"), JSON.stringify([{ type: "STREAM", stream: { stream_descriptor: { name: "messages" }, stream_state: { last_event_time: "2024-05-02T00:00:00Z" } } }]));
    const run = await runSluice(["read", "--manifest", "manifest.yaml", "--config", config("2024-05-03T12:00:00Z"), "--catalog", "configured.json", "--state", "resume.json"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.msg_id), ["m2", "m3"]);
    assert.match(run.stderr, /warn: stream 'messages': the catalog's cursor_field \["msg_id"\] is ignored; the stream's cursor is source-defined: \["last_event_time"\]/);
  });
});
