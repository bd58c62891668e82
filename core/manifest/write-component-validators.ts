import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { COMPONENT_AJV_OPTIONS, schemaFingerprint, validatorSchema } from "./component-validators.js";

// A CommonJS module's default export: Node gives `module.exports` (the function is its `default`), esbuild's bundle the function.
const standaloneCode = (typeof standalone === "function" ? standalone : standalone.default) as typeof standalone.default;

/**
 * Writes `<root>/dist/bundle/component-validators.js`: ajv's standalone validator of every component type in
 * `registry` (the built-ins), exported as `validators`, keyed by the fingerprint of the schema it checks
 * (see component-validators.ts). Run once by scripts/build.mjs; returns how many validators it wrote.
 *
 * @example
 * writeComponentValidators(root, createSluice().registry); // 129
 */
export function writeComponentValidators(root: string, registry: ComponentRegistry): number {
  const ajv = new Ajv({ ...COMPONENT_AJV_OPTIONS, code: { source: true, esm: true } });
  const exports: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const type of registry.types()) {
    const schema = validatorSchema(registry.find(type)!.schema);
    const fingerprint = schemaFingerprint(schema);
    if (names[fingerprint]) continue;
    names[fingerprint] = `v${Object.keys(names).length}`;
    ajv.addSchema(schema, fingerprint);
    exports[names[fingerprint]] = fingerprint;
  }
  const table = Object.entries(names).map(([fingerprint, name]) => `  ${JSON.stringify(fingerprint)}: ${name},`);
  const text = [
    "// Written by scripts/build.mjs (core/manifest/write-component-validators.ts): ajv's standalone validators of the built-in components.",
    standaloneCode(ajv, exports),
    `export const validators = {\n${table.join("\n")}\n};`,
    "",
  ].join("\n");
  writeFileSync(join(root, "dist", "bundle", "component-validators.js"), text);
  return table.length;
}
