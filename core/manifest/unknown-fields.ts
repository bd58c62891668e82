import type { ComponentRegistry } from "../di/component-registry.js";
import { componentChildren, type ManifestProblem } from "./validate-manifest.js";
import { joinPath } from "../../pure/manifest-path.js";
import { nearestMatch } from "../../pure/nearest-match.js";

/** Keys every definition may carry besides its schema's fields (`description` documents a definition; the kit ignores it too). */
const ALWAYS_KNOWN = new Set(["type", "$parameters", "$ref", "class_name", "description"]);

/**
 * The fields no component defines: the kit's schema accepts extra fields, so they are not errors,
 * but a misspelled optional field (`stop_conditon:`) would otherwise pass in silence. Each warning
 * names the nearest known field of that component. Fields copied from `$parameters` are not
 * reported, nor are the fields of custom components (their classes take what they like) or of a
 * component whose schema admits any field.
 *
 * @example
 * findUnknownFields(manifest, registry)
 * // [{ path: "streams[0].retriever.paginator.pagination_strategy.stop_conditon",
 * //    message: "CursorPagination has no field 'stop_conditon' (did you mean 'stop_condition'?)", ... }]
 */
export function findUnknownFields(root: Record<string, unknown>, registry: ComponentRegistry): ManifestProblem[] {
  const warnings: ManifestProblem[] = [];
  const visit = (definition: unknown, path: string): void => {
    if (typeof definition !== "object" || definition === null || Array.isArray(definition)) return;
    const def = definition as Record<string, unknown>;
    const factory = typeof def.type === "string" ? registry.find(def.type) : undefined;
    if (!factory) return;
    const properties = (factory.schema.properties ?? {}) as Record<string, unknown>;
    const open = factory.runsCustomCode || (factory.schema.additionalProperties !== undefined && factory.schema.additionalProperties !== false);
    if (!open) {
      const parameters = (def.$parameters ?? {}) as Record<string, unknown>;
      const known = Object.keys(properties);
      for (const key of Object.keys(def)) {
        if (key in properties || ALWAYS_KNOWN.has(key) || key in parameters) continue;
        const near = nearestMatch(key, known);
        warnings.push({
          path: joinPath(path, key),
          message: `${factory.type} has no field '${key}'${near ? ` (did you mean '${near}'?)` : ""}; it is ignored`,
          expected: near ? `'${near}'` : `one of its fields: ${known.join(", ") || "(none)"}`,
          found: `'${key}'`,
        });
      }
    }
    for (const child of componentChildren(factory.schema, def, path)) visit(child.definition, child.path);
  };
  visit(root, "");
  return warnings;
}
