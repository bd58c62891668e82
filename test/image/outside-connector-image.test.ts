/**
 * `sluice image DIR` for a connector folder outside the repository, built with podman from the running
 * Sluice, and the platform's behaviours inside that image: a rotated single-use token reaches the platform
 * as a CONTROL message and the next run uses it; a SIGTERM ends the read with the stream INCOMPLETE.
 * Run by scripts/test-image.sh.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { BIN } from "../support/run-sluice.js";
import { BUILD_OPTIONS, NODE_IMAGE, platformRun, podman, shellIn, signalSluice, waitFor } from "./podman.js";

const IMAGE = `localhost/sluice-test-outside:${process.pid}`;
const PAGES = 400;

function manifest(): Record<string, unknown> {
  const authenticator = {
    type: "OAuthAuthenticator",
    token_refresh_endpoint: "{{ config['base_url'] }}/oauth/token",
    client_id: "{{ config['credentials']['client_id'] }}",
    client_secret: "{{ config['credentials']['client_secret'] }}",
    refresh_token: "{{ config['credentials']['refresh_token'] }}",
    refresh_token_updater: {},
  };
  const stream = (name: string, paginator?: Record<string, unknown>) => ({
    type: "DeclarativeStream",
    name,
    primary_key: "id",
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: "{{ config['base_url'] }}", path: `/${name}`, authenticator: "#/definitions/authenticator" },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
      ...(paginator ? { paginator } : {}),
    },
    schema_loader: { type: "InlineSchemaLoader", schema: {} },
  });
  const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: 10, start_from_page: 1 }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } };
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    definitions: { authenticator },
    streams: [stream("items"), stream("slow", paginator)],
    spec: { type: "Spec", connection_specification: { type: "object", required: ["base_url", "credentials"], properties: { base_url: { type: "string" }, credentials: { type: "object" } } } },
  };
}

describe("sluice image for a connector folder outside the repository (podman)", () => {
  let api: Loopback;
  let connector: string;
  let source: string;
  const valid = new Set(["r1"]);
  const access = new Set<string>();
  let issued = 0;

  before(async () => {
    assert.ok(NODE_IMAGE, "SLUICE_TEST_NODE_IMAGE names the base image (run through scripts/test-image.sh)");
    api = await startLoopback();
    // Single-use refresh tokens (Xero's rotation): each works once, the answer carries the next.
    api.route("/oauth/token", (req, res) => {
      const form = new URLSearchParams(req.body);
      if (!valid.delete(form.get("refresh_token") ?? "")) return json(res, 400, { error: "invalid_grant" });
      issued++;
      const next = `rt-${issued + 1}`;
      valid.add(next);
      const token = `at-${issued}`;
      access.add(token);
      // expires_in 0: every run refreshes, so a run can only succeed with the token the last one was given.
      json(res, 200, { access_token: token, refresh_token: next, expires_in: 0 });
    });
    const authorized = (req: { headers: Record<string, unknown> }) => access.has(String(req.headers.authorization ?? "").replace(/^Bearer /, ""));
    api.route("/items", (req, res) => (authorized(req) ? json(res, 200, { data: [{ id: 1 }, { id: 2 }] }) : json(res, 401, {})));
    // 400 pages of 10 records, 50 ms each: a read that is still going when the signal comes.
    api.route("/slow", async (req, res) => {
      if (!authorized(req)) return json(res, 401, {});
      const page = Number(req.query.get("page") ?? 1);
      await new Promise((r) => setTimeout(r, 50));
      json(res, 200, { data: page > PAGES ? [] : Array.from({ length: 10 }, (_, i) => ({ id: page * 10 + i })) });
    });

    connector = mkdtempSync(join(tmpdir(), "source-outside-"));
    writeFileSync(join(connector, "manifest.yaml"), stringify(manifest()));
    mkdirSync(join(connector, "secrets"));
    writeFileSync(join(connector, "secrets", "config.json"), JSON.stringify({ credentials: { client_secret: "must-not-be-in-the-image" } }));
    source = mkdtempSync(join(tmpdir(), "sluice-image-source-"));
    chmodSync(source, 0o755);

    const build = spawnSync(process.execPath, [BIN, "image", connector, "--engine", "podman", "--tag", IMAGE, "--node-image", NODE_IMAGE, ...BUILD_OPTIONS.map((o) => `--engine-option=${o}`)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    assert.equal(build.status, 0, build.stderr.slice(-3000));
  });
  after(async () => {
    await api?.close();
    for (const dir of [connector, source]) if (dir) rmSync(dir, { recursive: true, force: true });
    podman(["rmi", "-f", IMAGE], { allowFailure: true });
  });

  function writeSource(config: unknown, streams: string[]): void {
    writeFileSync(join(source, "connectorConfig.json"), JSON.stringify(config));
    const entries = streams.map((name) => ({ stream: { name, json_schema: {}, supported_sync_modes: ["full_refresh"] }, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }));
    writeFileSync(join(source, "catalog.json"), JSON.stringify({ streams: entries }));
  }
  const READ = "read --config /source/connectorConfig.json --catalog /source/catalog.json";

  it("the image carries the connector folder without its secrets/ (and no Python: it has no components.py), and the labels sluice image set", () => {
    assert.equal(shellIn(IMAGE, "test -f /airbyte/connector/manifest.yaml && test ! -e /airbyte/connector/secrets && ! command -v python3").code, 0, "the folder is there, its secrets/ and a Python are not");
    const labels = JSON.parse(podman(["image", "inspect", IMAGE, "--format", "{{json .Labels}}"]).stdout);
    assert.equal(labels["io.airbyte.name"], IMAGE.slice(0, IMAGE.lastIndexOf(":")));
    assert.equal(labels["io.airbyte.version"], String(process.pid));
  });

  it("a rotated single-use token reaches the platform in a CONTROL message, and the next run uses it", async () => {
    const first = { base_url: api.url, credentials: { client_id: "cid", client_secret: "cs", refresh_token: "r1" } };
    writeSource(first, ["items"]);
    const run1 = await platformRun({ image: IMAGE, command: READ, source });
    assert.equal(run1.code, 0, run1.stdout.slice(-2000));
    const control = run1.messages.filter((m) => m.type === "CONTROL");
    assert.equal(control.length, 1);
    const next = control[0]!.control.connectorConfig.config;
    assert.equal(next.credentials.refresh_token, "rt-2");
    assert.equal(run1.messages.filter((m) => m.type === "RECORD").length, 2);

    // The platform saves the CONTROL config and hands it to the next sync; the spent r1 would fail.
    writeSource(next, ["items"]);
    const run2 = await platformRun({ image: IMAGE, command: READ, source });
    assert.equal(run2.code, 0, run2.stdout.slice(-2000));
    assert.equal(run2.messages.find((m) => m.type === "CONTROL")!.control.connectorConfig.config.credentials.refresh_token, "rt-3");

    writeSource(first, ["items"]);
    const stale = await platformRun({ image: IMAGE, command: READ, source });
    assert.notEqual(stale.code, 0, "the spent token is refused: run 2 really used the rotated one");
  });

  it("a SIGTERM from the platform mid-read ends the stream INCOMPLETE, with no final full-refresh STATE, exit 143", async () => {
    const config = { base_url: api.url, credentials: { client_id: "cid", client_secret: "cs", refresh_token: `rt-${issued + 1}` } };
    writeSource(config, ["slow"]);
    const run = await platformRun({
      image: IMAGE,
      command: READ,
      source,
      whileRunning: async (name, stdout) => {
        await waitFor(() => (stdout().match(/"type":"RECORD"/g)?.length ?? 0) >= 50, 60_000, "50 records");
        signalSluice(name, "TERM");
      },
    });
    const records = run.messages.filter((m) => m.type === "RECORD").length;
    assert.ok(records >= 50 && records < PAGES * 10, `${records} records`);
    const statuses = run.messages.filter((m) => m.trace?.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status);
    assert.equal(statuses.at(-1), "INCOMPLETE", statuses.join(", "));
    assert.ok(!statuses.includes("COMPLETE"));
    assert.ok(!run.messages.some((m) => m.type === "STATE" && m.state?.stream?.stream_state?.__ab_no_cursor_state_message), "no final full-refresh STATE");
    assert.ok(run.messages.some((m) => m.trace?.type === "ERROR" && /interrupt|SIGTERM|stopped/i.test(m.trace.error.message)), "an error trace says the read was interrupted");
    assert.equal(run.code, 143);
  });
});
