import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { runSluice, type CliRun } from "../../support/run-sluice.js";

const KEY = "cli-secret-key-42";

type Run = CliRun;

function sluice(args: string[], cwd: string): Promise<Run> {
  return runSluice(args, cwd);
}

describe("the sluice CLI speaks the Airbyte protocol", () => {
  let api: Loopback;
  let dir: string;
  before(async () => {
    api = await startLoopback((req) =>
      req.headers["x-api-key"] === KEY ? { body: { users: [{ id: 1, name: "Ada" }, { id: 2, name: "Alan" }] } } : { status: 401, body: { error: "bad key" } },
    );
    dir = mkdtempSync(join(tmpdir(), "sluice-cli-"));
    const manifest = {
      version: "6.0.0",
      type: "DeclarativeSource",
      check: { type: "CheckStream", stream_names: ["users"] },
      streams: [
        {
          type: "DeclarativeStream",
          name: "users",
          primary_key: "id",
          retriever: {
            type: "SimpleRetriever",
            requester: {
              type: "HttpRequester",
              url_base: "{{ config['base_url'] }}",
              path: "/users",
              authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
            },
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["users"] } },
          },
          schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", properties: { id: { type: "integer" } } } },
        },
      ],
      spec: {
        type: "Spec",
        connection_specification: { type: "object", required: ["base_url", "api_key"], properties: { base_url: { type: "string" }, api_key: { type: "string", airbyte_secret: true } } },
      },
    };
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ base_url: api.url, api_key: KEY }));
    writeFileSync(join(dir, "wrong.json"), JSON.stringify({ base_url: api.url, api_key: "not-the-key-0000" }));
    writeFileSync(join(dir, "invalid.json"), JSON.stringify({ base_url: 3 }));
    writeFileSync(join(dir, "bad-manifest.yaml"), stringify({ ...manifest, streams: [{ ...manifest.streams[0], retriever: { ...manifest.streams[0]!.retriever, paginator: { type: "CursorPagnation" } } }] }));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("spec prints one SPEC message", async () => {
    const run = await sluice(["spec"], dir);
    assert.equal(run.code, 0);
    assert.equal(run.messages.length, 1);
    assert.equal(run.messages[0]!.type, "SPEC");
    assert.deepEqual(run.messages[0]!.spec.connectionSpecification.required, ["base_url", "api_key"]);
  });

  it("check prints SUCCEEDED with a good config and FAILED with a wrong key", async () => {
    const good = await sluice(["check", "--config", "config.json"], dir);
    assert.deepEqual(good.messages.at(-1), { type: "CONNECTION_STATUS", connectionStatus: { status: "SUCCEEDED" } });
    const bad = await sluice(["check", "--config", "wrong.json"], dir);
    assert.equal(bad.messages.at(-1)!.connectionStatus.status, "FAILED");
    assert.match(bad.messages.at(-1)!.connectionStatus.message, /401/);
  });

  it("discover prints the catalog with schemas and primary keys", async () => {
    const run = await sluice(["discover", "--config", "config.json"], dir);
    const stream = run.messages[0]!.catalog.streams[0];
    assert.equal(stream.name, "users");
    assert.deepEqual(stream.source_defined_primary_key, [["id"]]);
    assert.deepEqual(stream.supported_sync_modes, ["full_refresh"]);
  });

  it("read prints RECORD messages, then STATE and stream statuses, and a summary on stderr", async () => {
    const run = await sluice(["read", "--config", "config.json", "--manifest", "manifest.yaml"], dir);
    assert.equal(run.code, 0, run.stderr);
    const records = run.messages.filter((m) => m.type === "RECORD");
    assert.deepEqual(records.map((m) => m.record.data), [{ id: 1, name: "Ada" }, { id: 2, name: "Alan" }]);
    assert.ok(records.every((m) => m.record.stream === "users" && typeof m.record.emitted_at === "number"));
    const statuses = run.messages.filter((m) => m.type === "TRACE").map((m) => m.trace.stream_status.status);
    assert.deepEqual(statuses, ["STARTED", "RUNNING", "COMPLETE"]);
    assert.equal(run.messages.find((m) => m.type === "STATE")!.state.sourceStats.recordCount, 2);
    assert.match(run.stderr, /read 1 stream, 2 records, 1 page in/);
  });

  it("read with a config that breaks the spec fails before any request with a config_error TRACE naming the field", async () => {
    const before = api.requests.length;
    const run = await sluice(["read", "--config", "invalid.json"], dir);
    assert.equal(run.code, 1);
    const trace = run.messages.find((m) => m.type === "TRACE")!;
    assert.equal(trace.trace.error.failure_type, "config_error");
    assert.match(trace.trace.error.message, /config\.api_key: a required field is missing/);
    assert.equal(api.requests.length, before);
  });

  it("read with a bad manifest fails before any request, naming the manifest path and the nearest type", async () => {
    const before = api.requests.length;
    const run = await sluice(["read", "--config", "config.json", "--manifest", "bad-manifest.yaml"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /streams\[0\]\.retriever\.paginator: unknown component type 'CursorPagnation'/);
    assert.match(run.stderr, /bad-manifest\.yaml/);
    assert.equal(api.requests.length, before);
  });

  it("read with a refused key prints an error TRACE, exits 1, and never prints the key", async () => {
    const run = await sluice(["read", "--config", "wrong.json"], dir);
    assert.equal(run.code, 1);
    assert.equal(run.messages.find((m) => m.trace?.type === "ERROR")!.trace.error.failure_type, "config_error");
    assert.ok(!run.stdout.includes("not-the-key-0000") && !run.stderr.includes("not-the-key-0000"));
  });

  it("prints friendly usage without arguments and --help quickly", async () => {
    const run = await sluice(["--help"], dir);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /usage: sluice <command>/);
    assert.match(run.stdout, /read/);
  });
});
