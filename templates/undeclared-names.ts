/**
 * Jinja's `meta.find_undeclared_variables`: every name a template reads from its context, found
 * statically (so a name in a branch that never runs counts too, as in the kit). Names assigned by
 * `{% set %}` or a `{% for %}` target before use, and `loop` inside a loop, are not context names.
 */
import type { TemplateNode } from "./nunjucks-internals.js";

const CONSTANTS = new Set(["True", "False", "None", "true", "false", "none"]);

function walk(node: unknown, declared: Set<string>, found: Set<string>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, declared, found);
    return;
  }
  const n = node as TemplateNode;
  switch (n.typename) {
    case "Symbol": {
      const name = String(n.value);
      if (!declared.has(name) && !CONSTANTS.has(name)) found.add(name);
      return;
    }
    case "Set": {
      walk(n.value ?? n.body, declared, found);
      for (const target of (n.targets as TemplateNode[]) ?? []) {
        if (target.typename === "Symbol") declared.add(String(target.value));
        else walk(target, declared, found);
      }
      return;
    }
    case "For": {
      walk(n.arr, declared, found);
      const inner = new Set(declared);
      const name = n.name as TemplateNode;
      const targets = name.typename === "Array" ? (name.children as TemplateNode[]) : [name];
      for (const t of targets) inner.add(String(t.value));
      inner.add("loop");
      walk(n.body, inner, found);
      walk(n.else_, declared, found);
      return;
    }
    case "Filter": {
      walk((n.args as TemplateNode).children, declared, found);
      return;
    }
    case "Is": {
      walk(n.left, declared, found);
      const right = n.right as TemplateNode;
      if (right.typename === "FunCall") walk((right.args as TemplateNode).children, declared, found);
      return;
    }
    case "KeywordArgs": {
      for (const pair of (n.children as TemplateNode[]) ?? []) walk(pair.value, declared, found);
      return;
    }
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === "typename" || key === "lineno" || key === "colno") continue;
    walk(value, declared, found);
  }
}

/** The names a template reads from its context (before any `{% set %}` of the same name). */
export function undeclaredNames(root: TemplateNode): Set<string> {
  const found = new Set<string>();
  walk(root, new Set(), found);
  return found;
}
