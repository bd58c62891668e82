import type { ComponentFactory } from "../../sdk/index.js";
import { componentChildren } from "../../core/manifest/validate-manifest.js";

/** Finds a registered component type (a `ComponentRegistry.find`). */
type FactoryLookup = (type: string) => ComponentFactory | undefined;

/**
 * Every component type a resolved manifest uses that no plugin registers, as `<field>: <Type>`, once
 * per manifest. Unlike validation (which stops at an unknown component and at 25 problems), this walks
 * the whole tree, so it measures how many manifests use a feature at all. Below a registered component
 * only its component fields are followed (as validation does); below an unknown one every value is
 * searched. JSON Schema nodes (lowercase `type`) are not components.
 *
 * @example
 * scanUnsupported({ type: "DeclarativeSource", streams: [{ type: "DeclarativeStream", incremental_sync: { type: "DatetimeBasedCursor" } }] }, (t) => registry.find(t))
 * // ["incremental_sync: DatetimeBasedCursor"]
 */
export function scanUnsupported(manifest: unknown, find: FactoryLookup): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, field: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, field);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    const type = typeof record.type === "string" ? record.type : undefined;
    const factory = type ? find(type) : undefined;
    if (factory) {
      for (const child of componentChildren(factory.schema, record, "")) walk(child.definition, child.field);
      return;
    }
    if (type && /^[A-Z]/.test(type)) found.add(`${field}: ${type}`);
    for (const [key, value] of Object.entries(record)) if (!NOT_COMPONENTS.has(key)) walk(value, key);
  };
  walk(manifest, "(root)");
  return [...found].sort();
}

/** Fields that hold JSON Schemas, metadata or unresolved definitions, never components to build. */
const NOT_COMPONENTS = new Set(["definitions", "$parameters", "schemas", "schema", "connection_specification", "advanced_auth", "metadata"]);
