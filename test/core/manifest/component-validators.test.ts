import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Ajv, type ValidateFunction } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { createSluice } from "../../../core/index.js";
import { COMPONENT_AJV_OPTIONS, PRECOMPILED_VALIDATORS_FILE, compileStandalone, schemaFingerprint, validatorSchema } from "../../../core/manifest/component-validators.js";
import { writeComponentValidators } from "../../../core/manifest/write-component-validators.js";

const registry = createSluice().registry;
// A CommonJS module's default export: the function itself, or its `default` (as write-component-validators.ts reads it).
const standaloneCode = (typeof standalone === "function" ? standalone : standalone.default) as typeof standalone.default;
let dir: string;
/** Each precompiled validator, compiled from its source as a command compiles it on first use. */
const validators: Record<string, ValidateFunction> = {};

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "sluice-validators-"));
  mkdirSync(join(dir, "dist", "bundle"), { recursive: true });
  writeComponentValidators(dir, registry);
  const validatorSources = JSON.parse(readFileSync(join(dir, "dist", "bundle", PRECOMPILED_VALIDATORS_FILE), "utf8")) as Record<string, string>;
  for (const [fingerprint, source] of Object.entries(validatorSources)) validators[fingerprint] = compileStandalone(source);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The errors of a definition by the precompiled validator and by one ajv compiles now. */
function bothErrors(type: string, definition: Record<string, unknown>) {
  const schema = validatorSchema(registry.find(type)!.schema);
  const precompiled = validators[schemaFingerprint(schema)];
  assert.ok(precompiled, `no precompiled validator for ${type}`);
  const compiled = new Ajv(COMPONENT_AJV_OPTIONS).compile(schema);
  const run = (validate: ValidateFunction) => (validate(definition) ? [] : validate.errors!.map(({ instancePath, schemaPath, keyword, params, message, data }) => ({ instancePath, schemaPath, keyword, params, message, data })));
  return { precompiled: run(precompiled), compiled: run(compiled) };
}

describe("precompiled component validators (written by the build)", () => {
  it("cover every registered component type", () => {
    for (const type of registry.types()) assert.ok(validators[schemaFingerprint(validatorSchema(registry.find(type)!.schema))], type);
  });

  it("report the same errors as the schema compiled by ajv at run time", () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["HttpRequester", { type: "HttpRequester", url_base: "https://x", http_method: "GTE", request_parameters: 7 }],
      ["DpathExtractor", { type: "DpathExtractor", feild_path: ["data"] }],
      ["OffsetIncrement", { type: "OffsetIncrement", page_size: [], inject_on_first_request: "yes" }],
      ["DatetimeBasedCursor", { type: "DatetimeBasedCursor", cursor_field: 3 }],
      ["DeclarativeSource", { type: "DeclarativeSource", version: 6 }],
      ["OffsetIncrement", { type: "OffsetIncrement", page_size: 100 }],
    ];
    for (const [type, definition] of cases) {
      const { precompiled, compiled } = bothErrors(type, definition);
      assert.deepEqual(precompiled, compiled, type);
    }
    assert.notDeepEqual(bothErrors("HttpRequester", cases[0]![1]).precompiled, [], "an invalid definition fails");
  });

  it("are told apart by their schema: a changed schema has another fingerprint", () => {
    const schema = validatorSchema(registry.find("OffsetIncrement")!.schema);
    const changed = { ...schema, required: [...((schema.required as string[] | undefined) ?? []), "extra"] };
    assert.notEqual(schemaFingerprint(changed), schemaFingerprint(schema));
    assert.equal(validators[schemaFingerprint(changed)], undefined);
  });

  it("compile standalone code that needs ajv's runtime (a keyword a future component schema may use)", () => {
    const ajv = new Ajv({ ...COMPONENT_AJV_OPTIONS, code: { source: true } });
    const code = standaloneCode(ajv, ajv.compile({ type: "object", properties: { name: { type: "string", maxLength: 2 } } }));
    assert.match(code, /require\(/, "the code requires ajv's runtime");
    const validate = compileStandalone(code);
    assert.equal(validate({ name: "ab" }), true);
    assert.equal(validate({ name: "abc" }), false);
    assert.equal(validate.errors?.[0]?.keyword, "maxLength");
  });
});
