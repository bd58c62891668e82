/**
 * Every component type a resolved manifest names (a `type` starting with a capital letter, so JSON
 * Schema nodes are left out), once per manifest, whether or not it is registered: what `npm run corpus`
 * counts as "manifests using each type". Definitions, schemas and metadata are not searched (a
 * definition counts where it is used).
 *
 * @example
 * scanTypes({ type: "DeclarativeSource", streams: [{ type: "DeclarativeStream", incremental_sync: { type: "IncrementingCountCursor" } }] })
 * // ["DeclarativeSource", "DeclarativeStream", "IncrementingCountCursor"]
 */
export function scanTypes(manifest: unknown): string[] {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const walk = (node: unknown): void => {
    if (typeof node !== "object" || node === null || seen.has(node)) return;
    // A shared (resolved once) definition is searched once.
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type === "string" && /^[A-Z]/.test(record.type)) found.add(record.type);
    for (const [key, value] of Object.entries(record)) if (!NOT_COMPONENTS.has(key)) walk(value);
  };
  walk(manifest);
  return [...found].sort();
}

/** Fields that hold JSON Schemas, metadata or unresolved definitions, never components. */
const NOT_COMPONENTS = new Set(["definitions", "$parameters", "schemas", "schema", "connection_specification", "advanced_auth", "metadata"]);
