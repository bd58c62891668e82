/**
 * A connector's regression test from its first minute: `sluice init` writes tests/replay.test.mjs, which
 * fails saying how to record fixtures; `sluice test-read --record` records them (no credential in them);
 * the test then replays them with no network, and fails when the connector's records change.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN } from "../support/run-sluice.js";
import { runCli } from "../support/run-cli.js";
import { CREDENTIALS, SECRETS, startScaffoldApi, type ScaffoldApi } from "../core/init/scaffold-api.js";

describe("recorded fixtures: sluice test-read --record, sluice test, and the test init writes", () => {
  let api: ScaffoldApi;
  let dir: string;
  let folder: string;
  let shim: string;
  before(async () => {
    api = await startScaffoldApi();
    api.expect = { auth: "oauth", pagination: "offset" };
    dir = mkdtempSync(join(tmpdir(), "sluice-fixtures-"));
    shim = join(dir, "sluice");
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    const init = await runCli(["init", "acme", "--auth", "oauth", "--pagination", "offset", "--url", `${api.url}/v1`], dir);
    assert.equal(init.code, 0, init.stderr);
    folder = join(dir, "acme");
    writeFileSync(join(folder, "secrets", "config.json"), JSON.stringify({ client_id: CREDENTIALS.client_id, client_secret: CREDENTIALS.client_secret, refresh_token: CREDENTIALS.refresh_token }));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `node --test tests/` in the connector folder, as its CI workflow runs it. */
  function nodeTest() {
    // Without NODE_TEST_CONTEXT, which would make the child report to this test runner instead of exiting with its result.
    const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
    return spawnSync(process.execPath, ["--test", "tests/"], { cwd: folder, encoding: "utf8", env: { ...env, SLUICE_BIN: shim } });
  }

  it("init writes the test and a CI workflow; before any recording the test fails saying how to record", () => {
    assert.ok(existsSync(join(folder, "tests", "replay.test.mjs")));
    assert.match(readFileSync(join(folder, ".github", "workflows", "connector-test.yml"), "utf8"), /node --test tests\//);
    const run = nodeTest();
    assert.notEqual(run.status, 0);
    assert.match(run.stdout, /no fixtures yet: record them against the API with `sluice test-read --config secrets\/config\.json --stream items --record fixtures`/);
  });

  it("test-read --record writes a fixture with every request and record, and no credential", async () => {
    const run = await runCli(["test-read", "--config", "secrets/config.json", "--stream", "items", "--record", "fixtures", "--records", "1000"], folder);
    assert.equal(run.code, 0, run.stderr + run.stdout.slice(-500));
    assert.match(run.stderr, /recorded fixtures\/items\.json; replay it with `sluice test --fixtures fixtures`/);
    const text = readFileSync(join(folder, "fixtures", "items.json"), "utf8");
    for (const secret of SECRETS) assert.ok(!text.includes(secret), "a credential in the fixture");
    const fixture = JSON.parse(text);
    assert.equal(fixture.records.items.length, 230);
    assert.equal(fixture.config.client_secret, "****");
    assert.deepEqual(fixture.exchanges.map((x: { request: { url: string } }) => new URL(x.request.url).pathname), ["/v1/oauth/token", "/v1/items", "/v1/items", "/v1/items"]);
  });

  it("sluice test replays it with no network; the test init wrote passes", async () => {
    await api.close();
    const run = await runCli(["test", "--fixtures", "fixtures"], folder);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(run.stdout, "ok    fixtures/items.json items: 230 records as recorded\n1 of 1 fixture passed\n");
    const test = nodeTest();
    assert.equal(test.status, 0, test.stdout + test.stderr);
  });

  it("a change to the connector's records fails the replay, naming the first record that differs", async () => {
    const manifest = join(folder, "manifest.yaml");
    const original = readFileSync(manifest, "utf8");
    writeFileSync(manifest, `${original}\n`.replace("    retriever:", "    transformations:\n      - type: AddFields\n        fields:\n          - path: [source]\n            value: acme\n    retriever:"));
    try {
      const run = await runCli(["test", "--fixtures", "fixtures"], folder);
      assert.equal(run.code, 1);
      assert.match(run.stdout, /^FAIL {2}fixtures\/items\.json items: record 1 differs: recorded \{"id":1\}, now \{"id":1,"source":"acme"\}\n0 of 1 fixture passed\n$/);
      assert.notEqual(nodeTest().status, 0);
    } finally {
      writeFileSync(manifest, original);
    }
  });

  it("a request the recording does not have is FIXTURE_NO_MATCH naming it", async () => {
    const manifest = join(folder, "manifest.yaml");
    const original = readFileSync(manifest, "utf8");
    writeFileSync(manifest, original.replace("path: /items", "path: /things"));
    try {
      const run = await runCli(["test", "--fixtures", "fixtures"], folder);
      assert.equal(run.code, 1);
      assert.match(run.stdout, /FAIL {2}fixtures\/items\.json items: \[FIXTURE_NO_MATCH\] .*has no recorded answer for GET http:\/\/127\.0\.0\.1:\d+\/v1\/things/);
    } finally {
      writeFileSync(manifest, original);
    }
    assert.deepEqual(readdirSync(join(folder, "fixtures")), ["items.json"]);
  });

  it("a fixture file cut short or edited by hand is FIXTURE_INVALID naming the file", async () => {
    const broken = join(folder, "broken-fixtures");
    for (const [name, text] of [["truncated.json", '{"version":1,"exchanges":['], ["other.json", '{"hello":"world"}']] as const) {
      rmSync(broken, { recursive: true, force: true });
      mkdirSync(broken);
      writeFileSync(join(broken, name), text);
      const run = await runCli(["test", "--fixtures", "broken-fixtures"], folder);
      assert.equal(run.code, 1);
      assert.match(run.stdout + run.stderr, new RegExp(`FIXTURE_INVALID.*${name.replace(".", "\\.")}`, "s"));
    }
    rmSync(broken, { recursive: true, force: true });
  });
});
