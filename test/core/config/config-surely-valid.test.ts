// The quick config check (core/config/config-surely-valid.ts) vouches for a config only when ajv would
// accept it too: by cases here, and over every connection spec of the corpus beside the repository
// (../shared/corpus/airbyte-manifests) with the corpus tool's synthetic configs and broken variants of
// them. Without the corpus the second part says so and passes, except under CI=true.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import { load } from "js-yaml";
import { configSurelyValid } from "../../../core/config/config-surely-valid.js";
import { pySearchPattern } from "../../../python/regex.js";
import { configVariants } from "../../../scripts/corpus/synthetic-config.js";
import type { JsonSchema } from "../../../sdk/index.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const MANIFESTS = [join(ROOT, "../shared/corpus/airbyte-manifests"), join(ROOT, "../../shared/corpus/airbyte-manifests")].find((path) => existsSync(path));

/** ajv as core/config/validate-config.ts runs it: the authority the quick check must never contradict. */
function ajvValidator(spec: JsonSchema) {
  const regExp = Object.assign((pattern: string) => pySearchPattern(pattern), { code: "pySearchPattern" });
  const { $schema: _ignored, ...schema } = spec;
  return new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateSchema: false, verbose: true, validateFormats: false, logger: false, code: { regExp: regExp as never } }).compile(schema);
}

const spec: JsonSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  required: ["api_key", "start_date"],
  additionalProperties: true,
  properties: {
    api_key: { type: "string", airbyte_secret: true, order: 0 },
    start_date: { type: "string", format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
    page_size: { type: "integer", minimum: 1, maximum: 500, default: 100 },
    region: { type: "string", enum: ["us", "eu"] },
    credentials: {
      oneOf: [
        { type: "object", required: ["auth_type", "token"], properties: { auth_type: { const: "token" }, token: { type: "string" } } },
        { type: "object", required: ["auth_type", "client_id"], properties: { auth_type: { const: "oauth" }, client_id: { type: "string" } } },
      ],
    },
  },
};

describe("configSurelyValid", () => {
  it("vouches for a valid config, and for none with a problem ajv reports", () => {
    assert.equal(configSurelyValid({ api_key: "k", start_date: "2024-01-31", page_size: 50, region: "eu", credentials: { auth_type: "oauth", client_id: "c" } }, spec), true);
    for (const config of [
      { start_date: "2024-01-31" }, // api_key missing
      { api_key: 1, start_date: "2024-01-31" }, // a number for a string
      { api_key: "k", start_date: "31/01/2024" }, // the pattern
      { api_key: "k", start_date: "2024-01-31", page_size: 0 }, // minimum
      { api_key: "k", start_date: "2024-01-31", page_size: 1.5 }, // an integer
      { api_key: "k", start_date: "2024-01-31", region: "asia" }, // enum
      { api_key: "k", start_date: "2024-01-31", credentials: { auth_type: "oauth", token: "t" } }, // no oneOf branch
    ]) {
      assert.equal(configSurelyValid(config, spec), false, JSON.stringify(config));
      assert.equal(ajvValidator(spec)(config), false, `ajv refuses ${JSON.stringify(config)} too`);
    }
  });

  it("ignores `format`, as ajv does here (validateFormats: false)", () => {
    const dates = { type: "object", properties: { when: { type: "string", format: "date-time" } } };
    assert.equal(configSurelyValid({ when: "yesterday" }, dates), true);
    assert.equal(ajvValidator(dates)({ when: "yesterday" }), true);
  });

  it("applies a $ref's sibling keywords, as ajv does", () => {
    const refWithSiblings = { type: "object", definitions: { base: { type: "object" } }, properties: { auth: { $ref: "#/definitions/base", required: ["token"] } } };
    assert.equal(configSurelyValid({ auth: {} }, refWithSiblings), false);
    assert.equal(ajvValidator(refWithSiblings)({ auth: {} }), false);
    assert.equal(configSurelyValid({ auth: { token: "t" } }, refWithSiblings), true);
  });

  it("leaves to ajv a spec it cannot read as ajv does: Python-only patterns, flags, rare keywords, unresolvable refs, values ajv refuses to compile", () => {
    const leftToAjv: Array<[string, JsonSchema, Record<string, unknown>]> = [
      ["an escape only Python reads", { type: "object", properties: { month: { type: "string", pattern: "^\\d{4}\\-\\d{2}$" } } }, { month: "2024-01" }],
      ["an inline flag", { type: "object", properties: { id: { type: "string", pattern: "(?i)^ab$" } } }, { id: "AB" }],
      ["a keyword left to ajv", { type: "object", dependencies: { a: ["b"] } }, { a: 1, b: 2 }],
      ["patternProperties", { type: "object", patternProperties: { "^x_": { type: "string" } } }, { x_a: "s" }],
      ["a $ref that resolves nowhere, in a branch the config never reaches", { type: "object", properties: { unused: { $ref: "#/definitions/missing" } } }, {}],
      ["a type name ajv does not know", { type: "object", properties: { unused: { type: "strng" } } }, {}],
      ["a $id", { $id: "https://example.com/spec", type: "object" }, {}],
      ["a property named __proto__", JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as JsonSchema, JSON.parse('{"__proto__":1}') as Record<string, unknown>],
    ];
    for (const [why, schema, config] of leftToAjv) assert.equal(configSurelyValid(config, schema), false, why);
  });

  it("does not change the spec it reads", () => {
    const before = JSON.stringify(spec);
    const annotated = { type: "object", properties: { a: { type: "string", x_widget: { kind: "text" } } } };
    configSurelyValid({ a: "s" }, annotated);
    assert.equal(JSON.stringify(spec), before);
    assert.deepEqual(Object.getOwnPropertyNames(annotated.properties.a.x_widget), ["kind"], "no marks left on the spec's objects");
  });

  it("over the corpus: never vouches for a config ajv refuses, and vouches for nearly every config ajv accepts", () => {
    if (!MANIFESTS) {
      assert.ok(!process.env.CI, "CI needs the corpus beside the repository (../shared/corpus)");
      console.log("config-surely-valid: no ../shared/corpus beside the repository; nothing to compare");
      return;
    }
    let specs = 0;
    let accepted = 0;
    let vouched = 0;
    let refused = 0;
    const contradictions: string[] = [];
    for (const name of readdirSync(MANIFESTS).filter((n) => /\.ya?ml$/.test(n))) {
      const connectionSpec = (load(readFileSync(join(MANIFESTS, name), "utf8")) as { spec?: { connection_specification?: JsonSchema } } | undefined)?.spec?.connection_specification;
      if (!connectionSpec) continue;
      let ajv: ReturnType<typeof ajvValidator>;
      try {
        ajv = ajvValidator(connectionSpec);
      } catch {
        continue; // SPEC_INVALID for ajv: the quick check must then vouch for nothing (checked by the case above)
      }
      specs++;
      const variants = configVariants(connectionSpec);
      const configs: Record<string, unknown>[] = [{}, ...variants];
      // Broken variants: each top-level field of the first two configs missing, a number, a short string.
      for (const config of variants.slice(0, 2)) {
        for (const key of Object.keys(config)) {
          const { [key]: _missing, ...rest } = config;
          configs.push(rest, { ...config, [key]: 12345 }, { ...config, [key]: "zz" });
        }
      }
      for (const config of configs) {
        const ajvAccepts = ajv(config);
        const quick = configSurelyValid(config, connectionSpec);
        if (ajvAccepts) accepted++;
        else refused++;
        if (quick) vouched++;
        if (quick && !ajvAccepts) contradictions.push(`${name}: ${JSON.stringify(config).slice(0, 160)}`);
      }
    }
    console.log(`config-surely-valid: ${specs} specs; ajv accepts ${accepted} configs and refuses ${refused}; the quick check vouches for ${vouched}`);
    assert.ok(specs > 400, `the corpus has connection specs (${specs})`);
    assert.ok(refused > 1000, "the broken variants are refused by ajv: the comparison sees both answers");
    assert.deepEqual(contradictions, []);
    assert.ok(vouched >= accepted * 0.95, `the quick check vouches for ${vouched} of the ${accepted} configs ajv accepts (at least 95%)`);
  });
});
