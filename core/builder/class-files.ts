import { existsSync } from "node:fs";
import { relative } from "node:path";
import { parseClassName } from "../loader/class-name.js";
import { moduleCandidates } from "../loader/module-candidates.js";

/** Where a custom class's module is (or would be) in the connector folder, relative to it. */
export interface ClassFile {
  /** The first file the loader would import, when one exists. */
  found?: string;
  /** The file to write when none exists (the first the loader tries). */
  expected: string;
}

/**
 * The module file of every `class_name` in a resolved manifest (a custom authenticator, pagination
 * strategy, ...), looked up as the custom-code loader looks (`moduleCandidates`) without loading
 * anything, so the page can say whether a Custom component's file is in the folder. A class name
 * the loader would refuse (not dotted identifiers) is left out: the validator reports it.
 *
 * @example
 * classFiles({ streams: [{ retriever: { paginator: { pagination_strategy: { class_name: "source_acme.components.Pages" } } } }] }, "/c/acme");
 * // { "source_acme.components.Pages": { found: "source_acme/components.ts", expected: "source_acme/components.ts" } }
 */
export function classFiles(resolved: unknown, dir: string): Record<string, ClassFile> {
  const out: Record<string, ClassFile> = {};
  for (const className of classNames(resolved)) {
    let modulePath: string[];
    try {
      modulePath = parseClassName(className).modulePath;
    } catch {
      continue;
    }
    const candidates = moduleCandidates(dir, modulePath);
    const found = candidates.find((file) => existsSync(file));
    out[className] = { ...(found ? { found: relative(dir, found) } : {}), expected: relative(dir, candidates[0]!) };
  }
  return out;
}

function classNames(node: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > 64 || node === null || typeof node !== "object") return into;
  if (Array.isArray(node)) for (const item of node) classNames(item, into, depth + 1);
  else
    for (const [key, value] of Object.entries(node)) {
      if (key === "class_name" && typeof value === "string") into.add(value);
      else classNames(value, into, depth + 1);
    }
  return into;
}
