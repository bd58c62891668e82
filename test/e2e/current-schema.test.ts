import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { runCli } from "../support/run-cli.js";
import { useLoopback, type SeenRequest } from "../support/loopback.js";

// The issue tracker's API behind test/data/current-schema/tracker.yaml.
let sandboxExpired = true;
function route(req: SeenRequest) {
  if (req.headers.authorization !== "Bearer t-1") return { status: 401, body: { error: "unauthorized" } };
  const path = req.url.pathname;
  if (path === "/rate_limit") return { body: { rate: { remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600 } } };
  if (path === "/events") {
    const since = Number(req.url.searchParams.get("since_id") ?? 0);
    return { body: { data: [{ id: "3" }, { id: "5" }].filter((e) => Number(e.id) >= since) } };
  }
  if (path === "/search") {
    const repository = String(req.fields.repository);
    return { body: { data: [{ id: repository, comments: [{ id: `${repository}#c1` }] }] } };
  }
  if (path === "/sandbox/jobs") {
    const cursor = req.url.searchParams.get("cursor");
    if (cursor === "p2" && sandboxExpired) {
      sandboxExpired = false;
      return { status: 409, body: { error: "cursor expired" } };
    }
    return { body: { data: [{ id: cursor ?? "p1" }], next: cursor ? null : "p2" } };
  }
  return { status: 404, body: {} };
}

describe("a connector written against the kit's current schema (test/data/current-schema/tracker.yaml)", () => {
  const api = useLoopback(route);

  it("validates, migrates its config (CONTROL message), and reads every stream through the CLI", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-current-schema-"));
    copyFileSync(resolve(import.meta.dirname, "../data/current-schema/tracker.yaml"), join(dir, "manifest.yaml"));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_url: api.url, api_token: "t-1", repositories: ["acme/api", "acme/cli"], include_sandbox: true }));
    const validated = await runCli(["validate", "--manifest", "manifest.yaml"], dir);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);

    const { code, stdout, stderr } = await runCli(["read", "--manifest", "manifest.yaml", "--config", "config.json"], dir);
    assert.equal(code, 0, stderr);
    const messages = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>);
    const control = messages.find((m) => m.type === "CONTROL");
    assert.deepEqual(control?.control.connectorConfig.config.credentials, { token: "t-1" });
    assert.equal("api_token" in JSON.parse(readFileSync(join(dir, "config.json"), "utf8")), false, "the migrated config was saved");
    const records = (stream: string) => messages.filter((m) => m.type === "RECORD" && m.record.stream === stream).map((m) => m.record.data);
    assert.deepEqual(records("events").map((r) => r.id), [3, 5], "IncrementingCountCursor, schema_normalization: Default");
    assert.deepEqual(records("search").map((r) => [r.id, r.original_record.id]), [["acme/api#c1", "acme/api"], ["acme/cli#c1", "acme/cli"], ["acme/web#c1", "acme/web"]], "UnionPartitionRouter, RecordExpander, typed body");
    assert.deepEqual(records("sandbox_jobs").map((r) => r.id), ["p1", "p1", "p2"], "ConditionalStreams, RESET_PAGINATION");
    const state = messages.filter((m) => m.type === "STATE" && m.state.stream.stream_descriptor.name === "events").at(-1);
    assert.deepEqual(state?.state.stream.stream_state, { id: 5 });
    assert.equal(api.requests.filter((r) => r.url.pathname === "/rate_limit").length, 1, "RateLimitedMultipleTokenAuthenticator: the quota read once for the one token");
  });

  it("refuses a config its validations reject, before any request", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-current-schema-"));
    copyFileSync(resolve(import.meta.dirname, "../data/current-schema/tracker.yaml"), join(dir, "manifest.yaml"));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_url: api.url, credentials: { token: "t-1" }, repositories: ["not-a-repository"] }));
    const sent = api.since();
    const { code, stdout } = await runCli(["read", "--manifest", "manifest.yaml", "--config", "config.json"], dir);
    assert.notEqual(code, 0);
    assert.match(stdout, /CONFIG_VALIDATION_FAILED|config\.repositories/);
    assert.equal(sent().length, 0);
  });
});
