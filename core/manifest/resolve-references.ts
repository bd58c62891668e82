import { ManifestError } from "../../sdk/index.js";
import { joinPath } from "./manifest-path.js";

/**
 * Replaces every reference in a manifest by what it points to, as the Python kit does:
 * a string `"#/definitions/requester"` anywhere, and `{ $ref: "#/definitions/requester", ...overrides }`
 * (the referenced object, with the sibling keys overriding its keys). References may chain; a cycle or
 * a reference to nothing is an error naming the path where it was found.
 *
 * @example
 * resolveReferences({ definitions: { a: { x: 1 } }, s: { $ref: "#/definitions/a", y: 2 } }).s // { x: 1, y: 2 }
 */
export function resolveReferences(manifest: Record<string, unknown>, file?: string): Record<string, unknown> {
  const resolve = (node: unknown, path: string, active: readonly string[]): unknown => {
    if (typeof node === "string" && node.startsWith("#/")) return follow(node, path, active);
    if (Array.isArray(node)) return node.map((item, i) => resolve(item, joinPath(path, i), active));
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string") {
      const target = follow(node.$ref, joinPath(path, "$ref"), active);
      const overrides = Object.keys(node).filter((key) => key !== "$ref");
      if (overrides.length === 0) return target;
      if (!isObject(target)) {
        throw new ManifestError("MANIFEST_REFERENCE", `$ref '${node.$ref}' does not point to an object, so it cannot take overrides`, {
          where: { file, manifestPath: path },
          expected: "a reference to an object",
          found: Array.isArray(target) ? "a list" : typeof target,
        });
      }
      const merged: Record<string, unknown> = { ...target };
      for (const [key, value] of Object.entries(node)) if (key !== "$ref") merged[key] = resolve(value, joinPath(path, key), active);
      return merged;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = resolve(value, joinPath(path, key), active);
    return out;
  };

  const follow = (reference: string, path: string, active: readonly string[]): unknown => {
    if (active.includes(reference)) {
      throw new ManifestError("MANIFEST_REFERENCE", `Circular reference: ${[...active, reference].join(" -> ")}`, {
        where: { file, manifestPath: path },
      });
    }
    let target: unknown = manifest;
    const segments = reference.slice(2).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    for (const [i, segment] of segments.entries()) {
      if (isObject(target) && segment in target) target = target[segment];
      else if (Array.isArray(target) && /^\d+$/.test(segment) && Number(segment) < target.length) target = target[Number(segment)];
      else {
        throw new ManifestError("MANIFEST_REFERENCE", `Reference '${reference}' points to nothing`, {
          where: { file, manifestPath: path },
          expected: `a key '${segment}' under #/${segments.slice(0, i).join("/")}`,
          found: isObject(target) ? `keys ${Object.keys(target).slice(0, 12).join(", ") || "(none)"}` : typeof target,
        });
      }
    }
    return resolve(target, path, [...active, reference]);
  };

  return resolve(manifest, "", []) as Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
