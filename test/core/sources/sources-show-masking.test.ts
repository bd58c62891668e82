import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice, SourceStore, type ConnectorConfig, type SourceRecord } from "../../../core/index.js";
import { authManifest } from "../../e2e/auth-cli-support.js";

/** The store in memory: what matters here is what `get` (sources show) masks. */
class MemorySourceStore implements SourceStore {
  readonly records = new Map<string, SourceRecord>();
  async create(source: SourceRecord) { this.records.set(source.name, structuredClone(source)); }
  async replace() {}
  async list() { return []; }
  async load(name: string) { return structuredClone(this.records.get(name)!); }
  async updateConfig(name: string) { return structuredClone(this.records.get(name)!.config); }
  async remove() { return false; }
  async rotateKey() { return { sources: 0, secrets: 0, keyId: "", note: "" }; }
  async close() {}
}

describe("sources show masks credentials, not identifiers", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "sluice-show-mask-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const oauth = {
    type: "OAuthAuthenticator",
    token_refresh_endpoint: "https://api.example.com/oauth/token",
    client_id: "{{ config['client_id'] }}",
    client_secret: "{{ config['client_secret'] }}",
    refresh_token: "{{ config['refresh_token'] }}",
  };
  const config: ConnectorConfig = { base_url: "https://api.example.com", client_id: "app-123", client_secret: "cs-very-secret", refresh_token: "rt-very-secret" };

  async function show(secretFields: string[]) {
    const file = join(dir, `${secretFields.join("-") || "none"}.yaml`);
    writeFileSync(file, stringify(authManifest(oauth, secretFields)));
    const store = new MemorySourceStore();
    const sluice = createSluice().register(SourceStore, store);
    const view = await sluice.sources.add({ name: "crm", manifest: file, config });
    return { view, stored: store.records.get("crm")! };
  }

  it("an OAuth client id is shown; the client secret and refresh token are masked, whatever the spec marks", async () => {
    const { view, stored } = await show([]);
    assert.deepEqual(view.config, { base_url: "https://api.example.com", client_id: "app-123", client_secret: "****", refresh_token: "****" });
    assert.ok(stored.secretPaths.some((p) => p.join(".") === "client_id"), "the client id is still stored encrypted");
  });

  it("a client id the spec marks secret is masked", async () => {
    const { view } = await show(["client_id"]);
    assert.equal(view.config.client_id, "****");
  });
});
