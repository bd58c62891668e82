import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { main } from "../../../core/cli/main.js";
import { SecretKey } from "../../../core/sources/secret-key.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { authManifest } from "../../e2e/auth-cli-support.js";
import { filesUnder, leakedIn } from "../../e2e/sources-concurrency-support.js";

interface Run { code: number; stdout: string; stderr: string }

let api: Loopback;
let dir: string;
let home: string;
let acceptedKey = "key-first-7f3e2d1c0b";

async function sluice(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: options.env ?? { SLUICE_HOME: home },
    cwd: options.cwd ?? dir,
    interactive: false,
  });
  return { code, stdout, stderr };
}

before(async () => {
  api = await startLoopback();
  api.route("/items", (req, res) => (req.headers["x-api-key"] === acceptedKey ? json(res, 200, { data: [{ id: 1 }, { id: 2 }, { id: 3 }] }) : json(res, 401, { error: "bad key" })));
  dir = mkdtempSync(join(tmpdir(), "sluice-sources-cli-"));
  home = join(dir, "home");
  const authenticator = { type: "ApiKeyAuthenticator", header: "X-Api-Key", api_token: "{{ config['api_key'] }}" };
  writeFileSync(join(dir, "manifest.yaml"), stringify(authManifest(authenticator, ["api_key"])));
  writeFileSync(join(dir, "config.json"), JSON.stringify({ base_url: api.url, api_key: acceptedKey }));
  writeFileSync(join(dir, "bad-config.json"), JSON.stringify({ base_url: 42, api_key: "key-never-stored-1234" }));
  writeFileSync(join(dir, "new-config.json"), JSON.stringify({ base_url: api.url, api_key: "key-second-9a8b7c6d5e" }));
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sluice sources", () => {
  it("adds a source after checking its config, and refuses a config the spec rejects", async () => {
    const bad = await sluice(["sources", "add", "acme", "--manifest", "manifest.yaml", "--config", "bad-config.json"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /CONFIG_INVALID[\s\S]*config\.base_url/);
    assert.ok(!bad.stderr.includes("key-never-stored-1234"));
    const added = await sluice(["sources", "add", "acme", "--manifest", "manifest.yaml", "--config", "config.json"]);
    assert.equal(added.code, 0, added.stderr);
    assert.equal(added.stdout, "Added source acme; 1 secret encrypted: api_key\n");
    assert.match(added.stderr, /config\.json still holds these secrets in plaintext/);
    assert.match(added.stderr, /^sluice: creating the source store in .*db \(first use, a few seconds\)$/m, "the person waiting for initdb is told why");
    const again = await sluice(["sources", "add", "acme", "--manifest", "manifest.yaml", "--config", "config.json"]);
    assert.match(again.stderr, /SOURCE_EXISTS/);
  });

  it("leaves no plaintext secret in any file under SLUICE_HOME", () => {
    const files = filesUnder(home);
    assert.ok(files.length > 100, "the PGlite database files are there");
    assert.ok(!leakedIn(files, acceptedKey));
    assert.ok(leakedIn(files, api.url), "the plain part of the config is stored in the clear (the search does find text)");
  });

  it("lists sources and shows one with its secrets masked", async () => {
    const list = await sluice(["sources", "list"]);
    assert.match(list.stdout, /^NAME\s+SECRETS\s+UPDATED \(UTC\)\s+MANIFEST\nacme\s+1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+\/.*manifest\.yaml\n$/);
    assert.equal(list.stderr, "", "an existing store is opened without a notice");
    assert.equal(JSON.parse((await sluice(["sources", "list", "--json"])).stdout)[0].name, "acme");
    const show = await sluice(["sources", "show", "acme"]);
    assert.deepEqual(JSON.parse(show.stdout).config, { base_url: api.url, api_key: "****" });
    assert.deepEqual(JSON.parse(show.stdout).secrets, ["api_key"]);
    assert.ok(!show.stdout.includes(acceptedKey));
  });

  it("runs check and read by source name", async () => {
    const check = await sluice(["check", "--source", "acme"]);
    assert.match(check.stdout, /"status":"SUCCEEDED"/);
    const read = await sluice(["read", "--source", "acme"]);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(read.stdout.split("\n").filter((l) => l.includes('"type":"RECORD"')).length, 3);
    assert.ok(!(read.stdout + read.stderr).includes(acceptedKey));
  });

  it("stores the manifest itself with --store-manifest, and prints the spec of a source", async () => {
    const added = await sluice(["sources", "add", "inline", "--manifest", "manifest.yaml", "--config", "config.json", "--store-manifest"]);
    assert.equal(added.code, 0, added.stderr);
    assert.equal(JSON.parse((await sluice(["sources", "list", "--json"])).stdout).find((s: { name: string }) => s.name === "inline").manifestPath, undefined);
    const read = await sluice(["read", "--source", "inline"], { cwd: tmpdir() });
    assert.equal(read.code, 0, read.stderr);
    const spec = await sluice(["spec", "--source", "inline"], { cwd: tmpdir() });
    assert.ok(JSON.parse(spec.stdout.trim()).spec.connectionSpecification.properties.api_key.airbyte_secret);
    assert.equal((await sluice(["sources", "remove", "inline"])).code, 0);
  });

  it("refuses --source together with --config or --manifest", async () => {
    const run = await sluice(["read", "--source", "acme", "--config", "config.json"]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /SOURCE_CONFLICT/);
  });

  it("updates a source's config (the next read uses it)", async () => {
    const updated = await sluice(["sources", "update", "acme", "--config", "new-config.json"]);
    assert.equal(updated.code, 0, updated.stderr);
    acceptedKey = "key-second-9a8b7c6d5e";
    assert.equal((await sluice(["read", "--source", "acme"])).code, 0);
    assert.ok(!leakedIn(filesUnder(home), acceptedKey));
  });

  it("rotates the key: the source stays readable, the key file changes", async () => {
    const before = readFileSync(join(home, "secret.key"), "utf8");
    const rotated = await sluice(["sources", "rotate-key"]);
    assert.equal(rotated.code, 0, rotated.stderr);
    assert.match(rotated.stdout, /^Re-encrypted 1 secret of 1 source under the new key [0-9a-f]{16}; the new key is in /);
    assert.notEqual(readFileSync(join(home, "secret.key"), "utf8"), before);
    assert.equal((await sluice(["read", "--source", "acme"])).code, 0);
  });

  it("says clearly when the key is the wrong one", async () => {
    const run = await sluice(["sources", "show", "acme"], { env: { SLUICE_HOME: home, SLUICE_SECRET_KEY: SecretKey.generate("x").toBase64() } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /SECRET_KEY_MISMATCH/);
    assert.equal(run.stdout, "");
  });

  it("removes a source and its secrets", async () => {
    assert.equal((await sluice(["sources", "remove", "acme"])).code, 0);
    assert.match((await sluice(["sources", "show", "acme"])).stderr, /SOURCE_NOT_FOUND/);
    assert.match((await sluice(["read", "--source", "acme"])).stderr, /SOURCE_NOT_FOUND/);
  });

  it("explains its usage", async () => {
    const run = await sluice(["sources"]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /an action is required\nusage: sluice sources add NAME/);
    assert.match((await sluice(["sources", "add", "x", "--config", "config.json"])).stderr, /SOURCES_CLI_USAGE/);
  });
});

describe("the connector author's testing values", () => {
  it("read with no --config uses secrets/config.json of the connector folder, and says so", async () => {
    const connector = join(dir, "connector");
    mkdirSync(join(connector, "secrets"), { recursive: true });
    writeFileSync(join(connector, "manifest.yaml"), readFileSync(join(dir, "manifest.yaml")));
    writeFileSync(join(connector, "secrets", "config.json"), JSON.stringify({ base_url: api.url, api_key: acceptedKey }));
    const run = await sluice(["read"], { cwd: connector });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /no --config given; using the testing config secrets\/config\.json/);
    assert.equal(run.stdout.split("\n").filter((l) => l.includes('"type":"RECORD"')).length, 3);
  });
});
