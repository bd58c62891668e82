import type { JsonSchema } from "../components/records.js";
import { readRoot } from "./read-scope.js";

/** The configured catalog's schema of each stream, per read (keyed on the read's root signal). */
const schemas = new WeakMap<AbortSignal, ReadonlyMap<string, JsonSchema>>();

/**
 * Records, for a read, the JSON Schema the configured catalog gives each stream (the columns the user
 * selected); set by the engine when a read has a configured catalog.
 *
 * @example
 * setCatalogSchemas(controller.signal, new Map([["contacts", { type: "object", properties: { email: {} } }]]));
 */
export function setCatalogSchemas(root: AbortSignal, streams: ReadonlyMap<string, JsonSchema>): void {
  schemas.set(root, streams);
}

/**
 * The configured catalog's schema of `stream` in the read `signal` belongs to; undefined when the read
 * has no configured catalog (`check`, `discover`, a library read): every column is wanted then.
 *
 * @example
 * const schema = catalogSchema(options.signal, "contacts"); // { type: "object", properties: {...} } or undefined
 */
export function catalogSchema(signal: AbortSignal | undefined, stream: string): JsonSchema | undefined {
  const root = readRoot(signal);
  return root ? schemas.get(root)?.get(stream) : undefined;
}
