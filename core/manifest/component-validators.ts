import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";
import { ajvNow, loadAjv } from "../../sdk/plugin/load-ajv.js";
import { COMPONENT_KIND_KEYWORD, type ComponentFactory, type DefinitionSchema } from "../../sdk/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";

/**
 * ajv's options for a component's schema: every error, TypeBox's unions, formats not checked. The schema itself
 * is checked against JSON Schema's meta-schema when it is compiled: the built-ins' once, at build time; a plugin's
 * at run time.
 */
export const COMPONENT_AJV_OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, validateFormats: false, logger: false } as const;

/**
 * Validators compiled at build time (scripts/build.mjs writes dist/bundle/component-validators.json with ajv's
 * standalone code for every built-in component), found by the fingerprint of the schema they check: compiling
 * the schemas of a manifest's components with ajv took a third of `sluice spec`'s time. A schema with no
 * precompiled validator (a plugin's, or Sluice run from its TypeScript sources) is compiled as before.
 */
let precompiled: ReadonlyMap<string, string> | undefined;

/** The build's table of precompiled validators, in dist/bundle/: fingerprint -> ajv's standalone code. */
export const PRECOMPILED_VALIDATORS_FILE = "component-validators.json";

/**
 * Makes every schema of `registry` checkable by {@link componentValidator}: loads the precompiled validators
 * once, if the build wrote them (never fails: without them, schemas are compiled), and imports ajv when
 * schemas will surely be compiled: without precompiled validators (Sluice run from its TypeScript sources), or
 * for a manifest's own plugins (a child registry). A host's plugin schema is compiled with ajv required then
 * (see {@link ajvNow}): fingerprinting every registered schema here to know cost `discover` 7 ms.
 *
 * @example
 * await prepareComponentValidators(registry); // then validateManifest() compiles only schemas the build did not know
 */
export async function prepareComponentValidators(registry: ComponentRegistry): Promise<void> {
  precompiled ??= readPrecompiled();
  if (precompiled.size === 0 || registry.isChild) await loadAjv();
}

/** The build's validators, or none (Sluice run from its TypeScript sources): read at once, 380 KB in about 2 ms. */
function readPrecompiled(): ReadonlyMap<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(new URL(`../../bundle/${PRECOMPILED_VALIDATORS_FILE}`, import.meta.url), "utf8")) as Record<string, string>));
  } catch {
    return new Map();
  }
}

/** Each factory's validator, made once per process: a factory's schema never changes (the Builder analyses at every pause in typing). */
const validators = new WeakMap<ComponentFactory, ValidateFunction>();
let runTimeAjv: Ajv | undefined;

/**
 * The ajv validator of a component's definition: the build's, compiled from its source when the build saw the
 * same schema (found by fingerprint), else compiled by ajv now.
 *
 * @example
 * const validate = componentValidator(registry.find("OffsetIncrement")!);
 * validate({ type: "OffsetIncrement", page_size: "ten" }); // false, validate.errors says why
 */
export function componentValidator(factory: ComponentFactory): ValidateFunction {
  let validate = validators.get(factory);
  if (!validate) {
    const schema = validatorSchema(factory.schema);
    const source = precompiled?.get(schemaFingerprint(schema));
    validate = source === undefined ? (runTimeAjv ??= new (ajvNow())(COMPONENT_AJV_OPTIONS)).compile(schema) : compileStandalone(source);
    validators.set(factory, validate);
  }
  return validate;
}

/**
 * A validator from ajv's standalone code (CommonJS: it sets `module.exports`), as the build writes it.
 *
 * @example
 * const validate = compileStandalone(validatorSources[fingerprint]!);
 */
export function compileStandalone(source: string): ValidateFunction {
  const module = { exports: undefined as unknown };
  // A keyword that needs ajv's runtime (`maxLength` counts code points with ajv/dist/runtime/ucs2length) requires it.
  new Function("module", "exports", "require", source)(module, {}, (requireFromHere ??= createRequire(import.meta.url)));
  return module.exports as ValidateFunction;
}

let requireFromHere: NodeJS.Require | undefined;

/** Component-valued fields are validated by their own schemas, so the parent schema accepts any value there. */
export function validatorSchema(schema: DefinitionSchema): DefinitionSchema {
  const properties = (schema.properties ?? {}) as Record<string, DefinitionSchema>;
  const stripped: Record<string, DefinitionSchema> = {};
  for (const [field, fieldSchema] of Object.entries(properties)) {
    const items = fieldSchema.items as DefinitionSchema | undefined;
    const values = fieldSchema.additionalProperties as DefinitionSchema | undefined;
    if (COMPONENT_KIND_KEYWORD in fieldSchema) stripped[field] = {};
    else if (items && COMPONENT_KIND_KEYWORD in items) stripped[field] = { ...fieldSchema, items: {} };
    else if (values && typeof values === "object" && COMPONENT_KIND_KEYWORD in values) stripped[field] = { ...fieldSchema, additionalProperties: {} };
    else stripped[field] = fieldSchema;
  }
  return { ...schema, properties: stripped };
}

/**
 * A fingerprint of a schema: its JSON text's length and two 32-bit hashes of it (FNV-1a and a multiplicative
 * one), so two schemas share a validator only when their JSON texts agree.
 *
 * @example
 * schemaFingerprint({ type: "object" }); // "17-5a3d1c2e-0b41f7a9"
 */
export function schemaFingerprint(schema: DefinitionSchema): string {
  const text = JSON.stringify(schema);
  let fnv = 0x811c9dc5;
  let mul = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ code, 0x01000193);
    mul = (Math.imul(mul, 31) + code) | 0;
  }
  return `${text.length}-${(fnv >>> 0).toString(16)}-${(mul >>> 0).toString(16)}`;
}
