import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

/** One import or re-export of a module, as the TypeScript parser reads it. */
export interface ModuleImport {
  /** The specifier as written: `../sdk/index.js`, `node:fs`, `yaml`. */
  specifier: string;
  /** The repository path of the imported file for a relative specifier (`.js` read as `.ts`), else undefined. */
  target: string | undefined;
  /** True when the statement is erased from the JavaScript (`import type`, `export type`, or only type names). */
  typeOnly: boolean;
  /** True for `import("...")` and `require("...")`. */
  dynamic: boolean;
}

/**
 * The imports of a source file, read from its syntax tree (static, re-exports, `import()` and
 * `require()`), so a comment or a string that looks like an import is not one.
 *
 * @example
 * importsOf(root, "core/sluice.ts").some((i) => i.target === "plugins/index.ts") // true
 */
export function importsOf(root: string, file: string): ModuleImport[] {
  const source = parse(root, file);
  const found: ModuleImport[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => found.push({ specifier, target: targetOf(file, specifier), typeOnly, dynamic });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, importIsTypeOnly(node), false);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, exportIsTypeOnly(node), false);
    else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (isImport || isRequire) add(node.arguments[0].text, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A file's syntax tree, parsed once per run.
 *
 * @example
 * parse(root, "core/sluice.ts").statements.length > 0
 */
export function parse(root: string, file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith("js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}
const parsed = new Map<string, ts.SourceFile>();

/**
 * The source files under a folder of the repository (TypeScript and JavaScript, no declarations).
 *
 * @example
 * sourceFiles(root, "core").includes("core/sluice.ts") // true
 */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir)).sort()) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "results") continue;
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(root, path));
    else if (/\.(m?ts|m?js|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/**
 * The cycles of a directed graph (each one strongly connected group of two nodes or more, sorted), by
 * Tarjan's algorithm.
 *
 * @example
 * cyclesOf(new Map([["a", new Set(["b"])], ["b", new Set(["a"])], ["c", new Set(["a"])]])) // [["a", "b"]]
 */
export function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return groups;
}

function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return normalize(join(dirname(file), specifier)).replace(/\.js$/, ".ts").replace(/\.jsx$/, ".tsx");
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}
