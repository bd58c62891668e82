import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { COMPONENT_AJV_OPTIONS, PRECOMPILED_VALIDATORS_FILE, schemaFingerprint, validatorSchema } from "./component-validators.js";

// A CommonJS module's default export: Node gives `module.exports` (the function is its `default`), esbuild's bundle the function.
const standaloneCode = (typeof standalone === "function" ? standalone : standalone.default) as typeof standalone.default;

/**
 * Writes `<root>/dist/bundle/component-validators.json`: ajv's standalone code of every component type's
 * validator in `registry` (the built-ins), as one string each, keyed by the fingerprint of the schema it
 * checks (see component-validators.ts). Strings, not functions: a command uses 20 or 30 of the 129, each
 * compiled when first used. JSON, not a module: `JSON.parse` reads the 380 KB in about 2 ms, where Node
 * took about 5.5 ms to import them as a module of string literals. Run once by scripts/build.mjs; returns
 * how many validators it wrote.
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
  writeFileSync(join(root, "dist", "bundle", PRECOMPILED_VALIDATORS_FILE), JSON.stringify(sources));
  return Object.keys(sources).length;
}
