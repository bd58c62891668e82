import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice, SourceStore, type ConnectorConfig, type SourceRecord } from "../../../core/index.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { authManifest, rotatingOAuth } from "../../e2e/auth-cli-support.js";

let api: Loopback;
let dir: string;
const valid = new Set(["rt-0"]);

before(async () => {
  api = await startLoopback();
  let n = 0;
  api.route("/oauth/token", (req, res) => {
    const token = new URLSearchParams(req.body).get("refresh_token") ?? "";
    if (!valid.delete(token)) return json(res, 400, { error: "invalid_grant" });
    valid.add(`rt-${++n}`);
    json(res, 200, { access_token: `at-${n}`, refresh_token: `rt-${n}`, expires_in: 3600 });
  });
  api.route("/items", (req, res) => (String(req.headers.authorization).startsWith("Bearer at-") ? json(res, 200, { data: [{ id: 1 }] }) : json(res, 401, {})));
  dir = mkdtempSync(join(tmpdir(), "sluice-sources-lib-"));
  const authenticator = rotatingOAuth(`${api.url}/oauth/token`, { client_id: "cid", client_secret: "{{ config['client_secret'] }}" });
  writeFileSync(join(dir, "manifest.yaml"), stringify(authManifest(authenticator, ["client_secret"], { credentials: { type: "object" } })));
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A host's own store (here in memory): `sluice.sources` and `connect({ source })` go through it. */
class MemorySourceStore implements SourceStore {
  readonly records = new Map<string, SourceRecord>();
  async create(source: SourceRecord) { this.records.set(source.name, structuredClone(source)); }
  async replace(name: string, changes: { config?: ConnectorConfig; secretPaths: SourceRecord["secretPaths"] }) { Object.assign(this.records.get(name)!, structuredClone({ ...changes, config: changes.config ?? this.records.get(name)!.config })); }
  async list() { return [...this.records.values()].map((r) => ({ name: r.name, secretCount: r.secretPaths.length, createdAt: new Date(0), updatedAt: new Date(0) })); }
  async load(name: string) { return structuredClone(this.records.get(name)!); }
  async updateConfig(name: string, mutate: (config: ConnectorConfig) => void | Promise<void>) {
    const record = this.records.get(name)!;
    await mutate(record.config);
    return structuredClone(record.config);
  }
  async remove(name: string) { return this.records.delete(name); }
  async rotateKey() { return { sources: 0, secrets: 0, keyId: "", note: "" }; }
  async close() {}
}

describe("sources in the library", () => {
  it("reads by source name, and the rotated refresh token is committed to the store before use", async () => {
    const env = { SLUICE_HOME: join(dir, "home") };
    const sluice = createSluice({ sources: { env } });
    const view = await sluice.sources.add({ name: "crm", manifest: join(dir, "manifest.yaml"), config: { base_url: api.url, client_secret: "cs-lib-secret", credentials: { refresh_token: "rt-0" } } });
    assert.deepEqual(view.secrets.sort(), ["client_secret", "credentials.refresh_token"]);
    assert.deepEqual(view.config, { base_url: api.url, client_secret: "****", credentials: { refresh_token: "****" } });
    const records = [];
    for await (const record of (await sluice.connect({ source: "crm" })).read("items")) records.push(record);
    assert.equal(records.length, 1);
    const stored = (await createSluice({ sources: { env } }).sources.open("crm")).record;
    assert.deepEqual(stored.config.credentials, { refresh_token: "rt-1", access_token: "at-1", token_expiry_date: (stored.config.credentials as Record<string, string>).token_expiry_date });
    assert.deepEqual((await sluice.sources.get("crm")).config.credentials, { refresh_token: "****", access_token: "****", token_expiry_date: "****" }, "written-back values are secrets");
    await assert.rejects(sluice.connect({ source: "crm", config: {} }), { code: "SOURCE_CONFLICT" });
    await assert.rejects(sluice.sources.add({ name: "../etc", manifest: join(dir, "manifest.yaml"), config: {} }), { code: "SOURCE_NAME_INVALID" });
    await sluice.close();
  });

  it("runs on a store the host registers instead of the default", async () => {
    const store = new MemorySourceStore();
    const sluice = createSluice().register(SourceStore, store);
    valid.add("rt-host");
    await sluice.sources.add({ name: "crm", manifest: join(dir, "manifest.yaml"), config: { base_url: api.url, client_secret: "cs", credentials: { refresh_token: "rt-host" } } });
    for await (const _ of (await sluice.connect({ source: "crm" })).read("items")) break;
    const refresh = (store.records.get("crm")!.config.credentials as Record<string, string>).refresh_token!;
    assert.ok(valid.has(refresh), "the host's store got the rotated token");
    assert.deepEqual((await sluice.sources.list()).map((s) => s.name), ["crm"]);
  });
});
