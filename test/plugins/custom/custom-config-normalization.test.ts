import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { ConfigError } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const COMPONENTS = `
import { ConfigError, ConfigTransformation, ValidationStrategy, type ConnectorConfig } from "sluice/sdk";

/** Upper-cases the config's region code. */
export class UpperRegion extends ConfigTransformation {
  transform(config: ConnectorConfig) { config.region = String(config.region ?? "").toUpperCase(); }
}
/** A region code is two letters. */
export class TwoLetters extends ValidationStrategy {
  validate(value: unknown) {
    if (!/^[A-Za-z]{2}$/.test(String(value))) throw new ConfigError("CONFIG_VALIDATION_FAILED", "a region is two letters", { expected: "two letters", found: String(value) });
  }
}
`;

describe("CustomConfigTransformation and CustomValidationStrategy (TypeScript classes of the connector folder)", () => {
  let folder: TempConnector;
  let server: Loopback;
  before(async () => {
    folder = await tempConnector({ "source_acme/components.ts": COMPONENTS });
    server = await startLoopback((req) => ({ body: { data: [{ id: 1, region: req.url.searchParams.get("region") }] } }));
  });
  after(async () => {
    await server.close();
    await folder.remove();
  });

  async function connect(config: Record<string, unknown>) {
    const manifest = oneStreamManifest({ urlBase: server.url, requester: { request_parameters: { region: "{{ config['region'] }}" } } });
    manifest.spec = {
      type: "Spec",
      connection_specification: { type: "object", properties: { region: { type: "string" } } },
      config_normalization_rules: {
        type: "ConfigNormalizationRules",
        transformations: [{ type: "CustomConfigTransformation", class_name: "source_acme.components.UpperRegion" }],
        validations: [{ type: "DpathValidator", field_path: ["region"], validation_strategy: { type: "CustomValidationStrategy", class_name: "source_acme.components.TwoLetters" } }],
      },
    };
    const file = join(folder.dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(manifest));
    return createSluice({ logLevel: "error" }).connect({ path: file, config });
  }

  it("transforms the config with the class, then validates it with the other", async () => {
    const connector = await connect({ region: "eu" });
    const records = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records, [{ id: 1, region: "EU" }]);
  });

  it("a value the custom strategy refuses is CONFIG_VALIDATION_FAILED naming the field", async () => {
    await assert.rejects(connect({ region: "europe" }), (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.equal(error.code, "CONFIG_VALIDATION_FAILED");
      assert.match(error.message, /^config\.region: .*two letters/);
      return true;
    });
  });
});

describe("CustomSchemaNormalization (a TypeScript class of the connector folder)", () => {
  let folder: TempConnector;
  let server: Loopback;
  before(async () => {
    folder = await tempConnector({ "source_acme/normalize.ts": `
import { SchemaNormalization, type DataRecord, type JsonSchema } from "sluice/sdk";
/** Amounts in cents become units for every field the schema types as number. */
export class CentsToUnits extends SchemaNormalization {
  transform(record: DataRecord, schema: JsonSchema) {
    for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, { type?: unknown }>)) {
      if (sub.type === "number" && typeof record[key] === "number") record[key] = (record[key] as number) / 100;
    }
  }
}
` });
    server = await startLoopback(() => ({ body: { data: [{ id: 1, amount: 1250, note: 7 }] } }));
  });
  after(async () => {
    await server.close();
    await folder.remove();
  });

  it("is applied to each record with the stream's schema, after the transformations", async () => {
    const manifest = oneStreamManifest({
      urlBase: server.url,
      fieldPath: [],
      transformations: [{ type: "AddFields", fields: [{ path: ["fee"], value: "{{ 300 }}" }] }],
      stream: { schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", properties: { amount: { type: "number" }, fee: { type: "number" }, note: { type: "string" } } } } },
      retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, schema_normalization: { type: "CustomSchemaNormalization", class_name: "source_acme.normalize.CentsToUnits" } } },
    });
    const file = join(folder.dir, "manifest.json");
    await writeFile(file, JSON.stringify(manifest));
    const connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
    const records = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records, [{ id: 1, amount: 12.5, note: 7, fee: 3 }]);
  });
});
