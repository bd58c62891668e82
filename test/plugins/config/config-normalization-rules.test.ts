import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { ConfigError, MemoryConfigStore } from "../../../sdk/index.js";
import { runCli } from "../../support/run-cli.js";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

// An API that answers each region under its own path, and echoes the query it received.
describe("config_normalization_rules", () => {
  const api = useLoopback((req) => ({ body: { data: [{ id: 1, region: req.url.pathname.split("/")[1], query: Object.fromEntries(req.url.searchParams) }] } }));

  const rules = {
    type: "ConfigNormalizationRules",
    config_migrations: [
      {
        type: "ConfigMigration",
        description: "region names became codes; the token moved under credentials",
        transformations: [
          { type: "ConfigRemapField", field_path: ["region"], map: { Europe: "eu", "United States": "us" } },
          { type: "ConfigAddFields", fields: [{ type: "AddedFieldDefinition", path: ["credentials", "token"], value: "{{ config['token'] }}" }], condition: "{{ 'token' in config }}" },
          { type: "ConfigRemoveFields", field_pointers: [["token"]], condition: "{{ 'credentials' in config }}" },
        ],
      },
    ],
    transformations: [
      { type: "ConfigAddFields", fields: [{ path: ["page_size"], value: "{{ 25 * 2 }}", value_type: "integer" }] },
    ],
    validations: [
      { type: "DpathValidator", field_path: ["filters"], validation_strategy: { type: "ValidateAdheresToSchema", base_schema: { type: "array", items: { type: "object", required: ["field"] } } } },
    ],
  };
  const spec = {
    type: "Spec",
    connection_specification: { type: "object", required: ["region"], properties: { region: { type: "string", enum: ["eu", "us"] }, filters: { type: "string" } } },
    config_normalization_rules: rules,
  };
  const manifest = () => oneStreamManifest({
    urlBase: api.url,
    path: "/{{ config['region'] }}/items",
    requester: { request_parameters: { size: "{{ config['page_size'] }}", token: "{{ config['credentials']['token'] }}" } },
    source: { spec },
  });

  it("migrates the config before the spec check, saves the migration, and reads with the transformed config", async () => {
    const saved: Record<string, unknown>[] = [];
    const raw = { region: "Europe", token: "t-1", filters: "[{\"field\": \"status\"}]" };
    const store = new MemoryConfigStore(raw, (next) => void saved.push(structuredClone(next)));
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: raw, configStore: store });
    const records = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records.map((r) => [r.region, r.query]), [["eu", { size: "50", token: "t-1" }]]);
    // The migrated config is saved once; the transformation (page_size) is not part of it.
    assert.deepEqual(saved, [{ region: "eu", credentials: { token: "t-1" }, filters: "[{\"field\": \"status\"}]" }]);
  });

  it("saves nothing when the migrations change nothing", async () => {
    const saved: unknown[] = [];
    const raw = { region: "us", credentials: { token: "t-2" } };
    await createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: raw, configStore: new MemoryConfigStore(raw, (next) => void saved.push(next)) });
    assert.deepEqual(saved, []);
  });

  it("a failed validation is a config error naming the field, before any request", async () => {
    const sent = api.since();
    const config = { region: "eu", credentials: { token: "t" }, filters: "[{\"name\": \"x\"}]" };
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config }), (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.equal(error.code, "CONFIG_VALIDATION_FAILED");
      assert.match(error.message, /^config\.filters: JSON schema validation error: .*field/);
      assert.equal(error.failureType, "config_error");
      return true;
    });
    const notJson = { region: "eu", credentials: { token: "t" }, filters: "status=open" };
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: notJson }), /config\.filters: Invalid JSON string: status=open/);
    assert.equal(sent().length, 0);
  });

  it("a migrated value that still breaks the spec fails the spec check (CONFIG_INVALID)", async () => {
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: { region: "Asia" } }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.code, "CONFIG_INVALID");
      return true;
    });
  });

  it("a PredicateValidator checks its value (a template over the config) with its strategy", async () => {
    const predicate = structuredClone(manifest());
    (predicate.spec as { config_normalization_rules: { validations: unknown[] } }).config_normalization_rules.validations = [
      { type: "PredicateValidator", value: "{{ config['filters'] }}", validation_strategy: { type: "ValidateAdheresToSchema", base_schema: { type: "array", minItems: 1 } } },
    ];
    await createSluice({ logLevel: "error" }).connect({ manifest: predicate, config: { region: "eu", credentials: { token: "t" }, filters: "[{\"field\": \"a\"}]" } });
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: predicate, config: { region: "eu", credentials: { token: "t" }, filters: "[]" } }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.code, "CONFIG_VALIDATION_FAILED");
      assert.match(error.message, /validations\[0\]\.value: JSON schema validation error: must NOT have fewer than 1 items/);
      return true;
    });
  });

  it("the CLI rewrites the config file and prints the migrated config in a CONTROL message", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-config-rules-"));
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest()));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ region: "United States", token: "t-3" }));
    const { code, stdout, stderr } = await runCli(["read", "--manifest", "manifest.json", "--config", "config.json"], dir);
    assert.equal(code, 0, stderr);
    const messages = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>);
    const control = messages.find((m) => m.type === "CONTROL");
    assert.deepEqual(control?.control?.connectorConfig?.config, { region: "us", credentials: { token: "t-3" } });
    assert.ok(messages.indexOf(control!) < messages.findIndex((m) => m.type === "RECORD"), "the CONTROL message comes before the records");
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "config.json"), "utf8")), { region: "us", credentials: { token: "t-3" } });
  });
});
