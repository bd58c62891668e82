import { ManifestError } from "../../sdk/index.js";
import { joinPath } from "./manifest-path.js";

/**
 * How far reference resolution may go. References multiply: 12 levels of definitions that each use the
 * previous one 10 times expand a 4 KB manifest into 10^12 nodes (a `$ref` bomb). The largest manifest
 * of the 446 in the Airbyte corpus resolves to 168,709 nodes and 50 levels; the defaults leave ample room.
 *
 * @example
 * resolveReferences(manifest, "manifest.yaml", { maxNodes: 100_000 });
 */
interface ReferenceBudget {
  /** Nodes (objects, lists and values) the resolved manifest may have (default 1,000,000). */
  maxNodes?: number;
  /** How deeply the resolved manifest may nest (default 500). */
  maxDepth?: number;
}

/** A path kept as a chain of segments, turned into text only for an error message. */
interface PathLink {
  parent: PathLink | undefined;
  segment: string | number;
}

function pathText(link: PathLink | undefined): string {
  const segments: Array<string | number> = [];
  for (let at = link; at; at = at.parent) segments.push(at.segment);
  return segments.reverse().reduce<string>((path, segment) => joinPath(path, segment), "");
}

const at = (parent: PathLink | undefined, segment: string | number): PathLink => ({ parent, segment });

/**
 * Replaces every reference in a manifest by what it points to, as the Python kit does:
 * a string `"#/definitions/requester"` anywhere, and `{ $ref: "#/definitions/requester", ...overrides }`
 * (the referenced object, with the sibling keys overriding its keys). References may chain; a cycle or
 * a reference to nothing is an error naming the path where it was found, and so is a manifest that
 * expands past the {@link ReferenceBudget} (`MANIFEST_TOO_LARGE`), found before memory runs out.
 *
 * @example
 * resolveReferences({ definitions: { a: { x: 1 } }, s: { $ref: "#/definitions/a", y: 2 } }).s // { x: 1, y: 2 }
 */
export function resolveReferences(manifest: Record<string, unknown>, file?: string, budget: ReferenceBudget = {}): Record<string, unknown> {
  const maxNodes = budget.maxNodes ?? 1_000_000;
  const maxDepth = budget.maxDepth ?? 500;
  let nodes = 0;

  const spend = (path: PathLink | undefined, depth: number): void => {
    if (++nodes <= maxNodes && depth <= maxDepth) return;
    const what = nodes > maxNodes ? `more than ${maxNodes} nodes` : `more than ${maxDepth} levels deep`;
    throw new ManifestError("MANIFEST_TOO_LARGE", `Resolving the manifest's references makes it ${what}; the references multiply (a $ref expansion bomb?)`, {
      where: { file, manifestPath: pathText(path) },
      expected: `a manifest that resolves to at most ${maxNodes} nodes and ${maxDepth} levels (the largest real connector known resolves to about 170,000 nodes)`,
      found: `${what} when the limit was reached here`,
    });
  };

  const resolve = (node: unknown, path: PathLink | undefined, active: readonly string[], depth: number): unknown => {
    spend(path, depth);
    if (typeof node === "string" && node.startsWith("#/")) return follow(node, path, active, depth);
    if (Array.isArray(node)) return node.map((item, i) => resolve(item, at(path, i), active, depth + 1));
    if (!isObject(node)) return node;
    if (typeof node.$ref === "string") {
      const target = follow(node.$ref, at(path, "$ref"), active, depth);
      const overrides = Object.keys(node).filter((key) => key !== "$ref");
      if (overrides.length === 0) return target;
      if (!isObject(target)) {
        throw new ManifestError("MANIFEST_REFERENCE", `$ref '${node.$ref}' does not point to an object, so it cannot take overrides`, {
          where: { file, manifestPath: pathText(path) },
          expected: "a reference to an object",
          found: Array.isArray(target) ? "a list" : typeof target,
        });
      }
      const merged: Record<string, unknown> = { ...target };
      for (const key of overrides) merged[key] = resolve(node[key], at(path, key), active, depth + 1);
      return merged;
    }
    const out: Record<string, unknown> = {};
    for (const key in node) out[key] = resolve(node[key], at(path, key), active, depth + 1);
    return out;
  };

  const follow = (reference: string, path: PathLink | undefined, active: readonly string[], depth: number): unknown => {
    if (active.includes(reference)) {
      throw new ManifestError("MANIFEST_REFERENCE", `Circular reference: ${[...active, reference].join(" -> ")}`, {
        where: { file, manifestPath: pathText(path) },
      });
    }
    let target: unknown = manifest;
    const segments = reference.slice(2).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    for (const [i, segment] of segments.entries()) {
      if (isObject(target) && segment in target) target = target[segment];
      else if (Array.isArray(target) && /^\d+$/.test(segment) && Number(segment) < target.length) target = target[Number(segment)];
      else {
        throw new ManifestError("MANIFEST_REFERENCE", `Reference '${reference}' points to nothing`, {
          where: { file, manifestPath: pathText(path) },
          expected: `a key '${segment}' under #/${segments.slice(0, i).join("/")}`,
          found: isObject(target) ? `keys ${Object.keys(target).slice(0, 12).join(", ") || "(none)"}` : typeof target,
        });
      }
    }
    return resolve(target, path, [...active, reference], depth);
  };

  return resolve(manifest, undefined, [], 0) as Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
