import type { ComponentRegistry } from "../di/component-registry.js";
import { joinPath, pointerToPath, renderPath } from "../../pure/manifest-path.js";
import { pointerKeys } from "../../pure/json-pointer.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * A place where a `$ref` to a shared definition overrides one of its fields, so the component there
 * is a local copy (its own instance, its own token cache), no longer the linked shared one.
 *
 * @example
 * { path: "streams[2].retriever.requester.authenticator", definition: "definitions.auth", field: "client_id",
 *   linkedValuePath: "definitions.auth.client_id", localValuePath: "streams[2].retriever.requester.authenticator.client_id" }
 */
interface LinkedOverride {
  /** Where the `$ref` with overrides is written. */
  path: string;
  /** The shared definition it refers to. */
  definition: string;
  field: string;
  /** Where the shared definition's value is written (absent when the copy adds a field the definition lacks). */
  linkedValuePath?: string;
  localValuePath: string;
}

type Tree = Record<string, unknown>;

/**
 * Finds every `$ref` with overrides that makes an authenticator a local copy: a `$ref` to an
 * authenticator with sibling fields, and a `$ref` to a component whose overridden field holds an
 * authenticator (a requester that swaps the linked authenticator). Names both values' paths, never
 * the values. The command-line answer to the product's "which value to keep" dialog.
 *
 * @example
 * findLinkedOverrides(rawManifest, builtManifest, registry)
 * // [{ path: "streams[1].retriever.requester.authenticator", definition: "definitions.auth", field: "api_token", ... }]
 */
export function findLinkedOverrides(raw: Tree, resolved: Tree, registry: ComponentRegistry): LinkedOverride[] {
  const found: LinkedOverride[] = [];
  const isAuthenticator = (value: unknown) => {
    const type = isJsonObject(value) && typeof value.type === "string" ? registry.find(value.type) : undefined;
    return type?.kind === "authenticator";
  };
  // The path is a stack of segments, written out only for an override found: the walk passes every node of the manifest.
  const path: Array<string | number> = [];
  const walk = (node: unknown, resolvedNode: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i], Array.isArray(resolvedNode) ? resolvedNode[i] : undefined);
        path.pop();
      }
      return;
    }
    if (!isJsonObject(node)) return;
    const resolvedTree = isJsonObject(resolvedNode) ? resolvedNode : {};
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
      const definition = pointerToPath("", node.$ref);
      const target = follow(raw, node.$ref);
      for (const field of Object.keys(node)) {
        if (field === "$ref") continue;
        const linkedAuthenticator = isAuthenticator(resolvedNode);
        if (!linkedAuthenticator && !isAuthenticator(resolvedTree[field])) continue;
        // A requester linked without an authenticator gets one here: nothing shared is overridden.
        if (!linkedAuthenticator && !hasField(raw, target, field)) continue;
        const at = renderPath(path);
        const override: LinkedOverride = { path: at, definition, field, localValuePath: joinPath(at, field) };
        if (isJsonObject(target) && field in target) override.linkedValuePath = joinPath(definition, field);
        found.push(override);
      }
    }
    for (const key in node) {
      if (key === "$ref") continue;
      path.push(key);
      walk(node[key], resolvedTree[key]);
      path.pop();
    }
  };
  walk(raw, resolved);
  return found;
}

/** Whether a definition has `field`, itself or through the `$ref` chain it extends. */
function hasField(root: Tree, target: unknown, field: string, depth = 0): boolean {
  if (!isJsonObject(target)) return false;
  if (field in target) return true;
  return typeof target.$ref === "string" && depth < 32 && hasField(root, follow(root, target.$ref), field, depth + 1);
}

/** The raw node a pointer names, following `$ref` chains (undefined when it names nothing). */
function follow(root: Tree, reference: string, depth = 0): unknown {
  let node: unknown = root;
  for (const segment of pointerKeys(reference)) {
    if (isJsonObject(node) && typeof node.$ref === "string" && !(segment in node) && depth < 32) node = follow(root, node.$ref, depth + 1);
    node = isJsonObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  }
  return node;
}

