import { ManifestError } from "../../sdk/index.js";
import { renderPath } from "../../pure/manifest-path.js";
import { pointerKeys } from "../../pure/json-pointer.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * How far reference resolution may go. A definition referenced many times is resolved once and shared
 * (the same object at each place), so what resolving builds grows with the manifest, not with its
 * expansion; `maxNodes` bounds what it builds. The expanded manifest (each shared definition counted at
 * every place it appears, what later stages read) is bounded by `maxExpandedNodes`: 12 levels of
 * definitions that each use the previous one 10 times expand a 4 KB manifest into 10^12 nodes (a `$ref`
 * bomb), refused at once. The largest of the 446 corpus manifests expands to 168,709 nodes (50 levels);
 * a source-google-ads-shaped manifest (many streams sharing large schemas) to several million.
 *
 * @example
 * resolveReferences(manifest, "manifest.yaml", { maxNodes: 100_000 });
 */
interface ReferenceBudget {
  /** Nodes (objects, lists and values) resolving may build, shared definitions counted once (default 1,000,000). */
  maxNodes?: number;
  /** Nodes of the expanded manifest, each shared definition counted wherever it appears (default 20,000,000). */
  maxExpandedNodes?: number;
  /** How deeply the resolved manifest may nest (default 500). */
  maxDepth?: number;
}

/** The size and height of a resolved subtree, as expanded. */
interface Extent {
  size: number;
  height: number;
}

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
  const maxExpanded = budget.maxExpandedNodes ?? 20_000_000;
  const maxDepth = budget.maxDepth ?? 500;
  let nodes = 0;
  let expanded = 0;
  /** The deepest level reached so far (a shared subtree placed again reaches its height below the place). */
  let deepest = 0;
  /** A reference's resolved target (no overrides), shared by every place that names it. */
  const resolvedTargets = new Map<string, unknown>();
  const extents = new WeakMap<object, Extent>();

  /** Where the walk is: a stack of segments, written out only for an error (the walk passes every node). */
  const path: Array<string | number> = [];

  const tooLarge = (what: string): ManifestError =>
    new ManifestError("MANIFEST_TOO_LARGE", `Resolving the manifest's references makes it ${what}; the references multiply (a $ref expansion bomb?)`, {
      where: { file, manifestPath: renderPath(path) },
      expected: `a manifest that resolves to at most ${maxNodes} distinct nodes, ${maxExpanded} nodes expanded and ${maxDepth} levels (the largest real connectors known expand to a few million nodes)`,
      found: `${what} when the limit was reached here`,
    });

  const spend = (depth: number): void => {
    ++expanded;
    if (depth > deepest) deepest = depth;
    if (++nodes <= maxNodes && depth <= maxDepth && expanded <= maxExpanded) return;
    throw tooLarge(nodes > maxNodes ? `more than ${maxNodes} nodes` : depth > maxDepth ? `more than ${maxDepth} levels deep` : `more than ${maxExpanded} nodes expanded`);
  };

  /** A shared target placed once more: its expanded size and height (measured when it was resolved) count again here. */
  const reuse = (target: unknown, depth: number): unknown => {
    const { size, height } = (isObject(target) && extents.get(target)) || extentOf(target, extents);
    expanded += size;
    if (depth + height > deepest) deepest = depth + height;
    if (expanded > maxExpanded) throw tooLarge(`more than ${maxExpanded} nodes expanded`);
    if (depth + height > maxDepth) throw tooLarge(`more than ${maxDepth} levels deep`);
    return target;
  };

  /** `node` resolved, where `path` says it is (the caller pushes its segment). */
  const resolve = (node: unknown, active: readonly string[], depth: number): unknown => {
    spend(depth);
    if (typeof node === "string" && node.startsWith("#/")) return follow(node, active, depth);
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      for (let i = 0; i < node.length; i++) out.push(under(i, node[i], active, depth + 1));
      return out;
    }
    if (!isJsonObject(node)) return node;
    if (typeof node.$ref === "string") {
      path.push("$ref");
      const target = follow(node.$ref, active, depth);
      path.pop();
      const overrides = Object.keys(node).filter((key) => key !== "$ref");
      if (overrides.length === 0) return target;
      if (!isJsonObject(target)) {
        throw new ManifestError("MANIFEST_REFERENCE", `$ref '${node.$ref}' does not point to an object, so it cannot take overrides`, {
          where: { file, manifestPath: renderPath(path) },
          expected: "a reference to an object",
          found: Array.isArray(target) ? "a list" : typeof target,
        });
      }
      const merged: Record<string, unknown> = { ...target };
      for (const key of overrides) merged[key] = under(key, node[key], active, depth + 1);
      return merged;
    }
    const out: Record<string, unknown> = {};
    for (const key in node) out[key] = under(key, node[key], active, depth + 1);
    return out;
  };

  /** {@link resolve} of a child at `segment`. */
  const under = (segment: string | number, node: unknown, active: readonly string[], depth: number): unknown => {
    path.push(segment);
    const resolved = resolve(node, active, depth);
    path.pop();
    return resolved;
  };

  const follow = (reference: string, active: readonly string[], depth: number): unknown => {
    if (active.includes(reference)) {
      throw new ManifestError("MANIFEST_REFERENCE", `Circular reference: ${[...active, reference].join(" -> ")}`, {
        where: { file, manifestPath: renderPath(path) },
      });
    }
    let target: unknown = manifest;
    const segments = pointerKeys(reference);
    for (const [i, segment] of segments.entries()) {
      if (isJsonObject(target) && segment in target) target = target[segment];
      else if (Array.isArray(target) && /^\d+$/.test(segment) && Number(segment) < target.length) target = target[Number(segment)];
      else {
        throw new ManifestError("MANIFEST_REFERENCE", `Reference '${reference}' points to nothing`, {
          where: { file, manifestPath: renderPath(path) },
          expected: `a key '${segment}' under #/${segments.slice(0, i).join("/")}`,
          found: isJsonObject(target) ? `keys ${Object.keys(target).slice(0, 12).join(", ") || "(none)"}` : typeof target,
        });
      }
    }
    if (resolvedTargets.has(reference)) return reuse(resolvedTargets.get(reference), depth);
    // Its extent is what resolving it spends, measured on the way: a second walk of a large shared schema to
    // measure it cost the Builder a tenth of each analysis. References inside it count as nodes too, so the
    // measure may exceed the subtree by those: the budget errs on the side of refusing.
    const expandedBefore = expanded;
    const deepestBefore = deepest;
    deepest = depth;
    const resolved = resolve(target, [...active, reference], depth);
    if (isObject(resolved) && !extents.has(resolved)) extents.set(resolved, { size: expanded - expandedBefore, height: deepest - depth });
    if (deepestBefore > deepest) deepest = deepestBefore;
    resolvedTargets.set(reference, resolved);
    return resolved;
  };

  return resolve(manifest, [], 0) as Record<string, unknown>;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** The expanded size and height of a resolved subtree, shared subtrees measured once (a value: 1 and 0). */
function extentOf(node: unknown, extents: WeakMap<object, Extent>): Extent {
  if (typeof node !== "object" || node === null) return { size: 1, height: 0 };
  const known = extents.get(node);
  if (known) return known;
  let size = 1;
  let height = 0;
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    const extent = extentOf(child, extents);
    size += extent.size;
    height = Math.max(height, extent.height + 1);
  }
  const extent = { size, height };
  extents.set(node, extent);
  return extent;
}

