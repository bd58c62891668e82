import { createRequire } from "node:module";
import type { Ajv } from "ajv";

/**
 * ajv's class, loaded when first needed (the one lazy home of the package): ajv is about a sixth of the
 * code a command would otherwise load at start, and `sluice spec` never compiles a schema (the built-in
 * components' validators are compiled at build time). An async caller loads it with {@link loadAjv} (the
 * bundle's copy); a synchronous caller that did not gets it from node_modules with `require`
 * ({@link ajvNow}), so forgetting to load costs time, never a failure.
 */
let loaded: typeof Ajv | undefined;

/**
 * Imports ajv once and returns its class: for a plugin that compiles a JSON Schema of its own.
 *
 * @example
 * const Ajv = await loadAjv();
 * const validate = new Ajv({ allErrors: true }).compile({ type: "object", required: ["id"] });
 * validate({ id: 1 }); // true
 */
export async function loadAjv(): Promise<typeof Ajv> {
  // The default export is module.exports (ajv sets .Ajv on it), in Node and in the bundle alike (the bundle's dynamic
  // import of a CommonJS package has no named exports).
  loaded ??= (await import("ajv")).default.Ajv;
  return loaded;
}

/**
 * ajv's class now: the one {@link loadAjv} imported, else node_modules' (synchronously).
 *
 * @example
 * new (ajvNow())({ strict: false }).compile(schema);
 */
export function ajvNow(): typeof Ajv {
  loaded ??= (createRequire(import.meta.url)("ajv") as { Ajv: typeof Ajv }).Ajv;
  return loaded;
}
