/**
 * The config keys a template reads: `config['api_key']`, `config.api_key`, `config.get('api_key', '')`.
 * Only the top-level key of a nested read counts (`config['credentials']['token']` reads `credentials`),
 * which is what a spec's `properties` declare.
 */
import type { TemplateNode } from "./nunjucks-internals.js";
import { parseTemplate } from "./parse-template.js";

function isConfig(node: TemplateNode | undefined): boolean {
  return node?.typename === "Symbol" && node.value === "config";
}

function literalString(node: TemplateNode | undefined): string | undefined {
  return node?.typename === "Literal" && typeof node.value === "string" ? node.value : undefined;
}

function walk(node: unknown, found: Set<string>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, found);
    return;
  }
  const n = node as TemplateNode;
  if (n.typename === "FunCall") {
    const name = n.name as TemplateNode;
    if (name?.typename === "LookupVal" && isConfig(name.target as TemplateNode) && literalString(name.val as TemplateNode) === "get") {
      const key = literalString(((n.args as TemplateNode)?.children as TemplateNode[] | undefined)?.[0]);
      if (key !== undefined) found.add(key);
      walk(n.args, found);
      return;
    }
  }
  if (n.typename === "LookupVal" && isConfig(n.target as TemplateNode)) {
    const key = literalString(n.val as TemplateNode);
    if (key !== undefined) found.add(key);
    walk(n.val, found);
    return;
  }
  for (const [key, value] of Object.entries(n)) if (key !== "typename" && key !== "lineno" && key !== "colno") walk(value, found);
}

/** The top-level config keys a parsed template reads. */
export function configKeysIn(root: TemplateNode): string[] {
  const found = new Set<string>();
  walk(root, found);
  return [...found];
}

/**
 * The top-level config keys `source` reads; none for text that is not a template or does not parse
 * (the interpolator reports syntax errors itself).
 *
 * @example
 * configKeysRead("{{ config['credentials']['token'] }}/{{ config.get('region', 'eu') }}"); // ["credentials", "region"]
 */
export function configKeysRead(source: string): string[] {
  // A template that never names `config` reads no key of it: most of a manifest's templates, parsed for nothing.
  if ((!source.includes("{{") && !source.includes("{%")) || !source.includes("config")) return [];
  let root: TemplateNode;
  try {
    root = parseTemplate(source);
  } catch {
    return [];
  }
  return configKeysIn(root);
}
