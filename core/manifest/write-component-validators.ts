import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { COMPONENT_AJV_OPTIONS, schemaFingerprint, validatorSchema } from "./component-validators.js";

// A CommonJS module's default export: Node gives `module.exports` (the function is its `default`), esbuild's bundle the function.
const standaloneCode = (typeof standalone === "function" ? standalone : standalone.default) as typeof standalone.default;

/**
 * Writes `<root>/dist/bundle/component-validators.js`: ajv's standalone code of every component type's
 * validator in `registry` (the built-ins), as one string each in `validatorSources`, keyed by the fingerprint
 * of the schema it checks (see component-validators.ts). Strings, not functions: a command uses 20 or 30 of
 * the 129, and V8 scans a string literal far faster than it pre-parses a function, so each is compiled when
 * first used. Run once by scripts/build.mjs; returns how many validators it wrote.
 *
 * @example
 * writeComponentValidators(root, createSluice().registry); // 129
 */
export function writeComponentValidators(root: string, registry: ComponentRegistry): number {
  const ajv = new Ajv({ ...COMPONENT_AJV_OPTIONS, code: { source: true } });
  const sources: Record<string, string> = {};
  for (const type of registry.types()) {
    const schema = validatorSchema(registry.find(type)!.schema);
    const fingerprint = schemaFingerprint(schema);
    if (sources[fingerprint]) continue;
    sources[fingerprint] = standaloneCode(ajv, ajv.compile(schema));
  }
  const table = Object.entries(sources).map(([fingerprint, code]) => `  ${JSON.stringify(fingerprint)}: ${JSON.stringify(code)},`);
  const text = [
    "// Written by scripts/build.mjs (core/manifest/write-component-validators.ts): ajv's standalone validators of the built-in components, each compiled when first used.",
    `export const validatorSources = {\n${table.join("\n")}\n};`,
    "",
  ].join("\n");
  writeFileSync(join(root, "dist", "bundle", "component-validators.js"), text);
  return table.length;
}
