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
 * Validators compiled at build time (scripts/build.mjs writes dist/bundle/component-validators.js with ajv's
 * standalone code for every built-in component), found by the fingerprint of the schema they check: compiling
 * the schemas of a manifest's components with ajv took a third of `sluice spec`'s time. A schema with no
 * precompiled validator (a plugin's, or Sluice run from its TypeScript sources) is compiled as before.
 */
let precompiled: ReadonlyMap<string, string> | undefined;
let loading: Promise<void> | undefined;
/** The precompiled validator of each factory already looked up (null: none), so a schema is fingerprinted once. */
const found = new WeakMap<ComponentFactory, ValidateFunction | null>();

/**
 * Makes every schema of `registry` checkable by {@link ComponentValidators}: loads the precompiled validators
 * once, if the build wrote them (never fails: without them, schemas are compiled), and imports ajv when
 * schemas will surely be compiled: without precompiled validators (Sluice run from its TypeScript sources), or
 * for a manifest's own plugins (a child registry). A host's plugin schema is compiled with ajv required then
 * (see {@link ajvNow}): fingerprinting every registered schema here to know cost `discover` 7 ms.
 *
 * @example
 * await prepareComponentValidators(registry); // then validateManifest() compiles only schemas the build did not know
 */
export async function prepareComponentValidators(registry: ComponentRegistry): Promise<void> {
  loading ??= import(new URL("../../bundle/component-validators.js", import.meta.url).href).then(
    (module: { validatorSources: Record<string, string> }) => void (precompiled = new Map(Object.entries(module.validatorSources))),
    () => undefined,
  );
  await loading;
  if (!precompiled || registry.isChild) await loadAjv();
}

/** Validators ajv compiled at run time, per factory: a factory's schema never changes, so each is compiled once per process. */
const compiledNow = new WeakMap<ComponentFactory, ValidateFunction>();
let runTimeAjv: Ajv | undefined;

/**
 * The ajv validator of a component's definition: precompiled when the build saw the same schema, else compiled
 * now, once per factory (the Builder analyses a manifest at every pause in typing).
 *
 * @example
 * const validate = new ComponentValidators().of(registry.find("OffsetIncrement")!);
 * validate({ type: "OffsetIncrement", page_size: "ten" }); // false, validate.errors says why
 */
export class ComponentValidators {
  of(factory: ComponentFactory): ValidateFunction {
    let validate = precompiledFor(factory) ?? compiledNow.get(factory);
    if (!validate) {
      validate = (runTimeAjv ??= newAjv()).compile(validatorSchema(factory.schema));
      compiledNow.set(factory, validate);
    }
    return validate;
  }
}

/** An ajv for the schemas the build did not compile (see {@link prepareComponentValidators}). */
function newAjv(): Ajv {
  return new (ajvNow())(COMPONENT_AJV_OPTIONS);
}

function precompiledFor(factory: ComponentFactory): ValidateFunction | undefined {
  if (!precompiled) return undefined;
  let validate = found.get(factory);
  if (validate === undefined) {
    const source = precompiled.get(schemaFingerprint(validatorSchema(factory.schema)));
    found.set(factory, (validate = source === undefined ? null : compileStandalone(source)));
  }
  return validate ?? undefined;
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
