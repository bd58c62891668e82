import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const sdkDir = fileURLToPath(new URL("../../sdk/", import.meta.url)).replace(/[\\/]$/, "");
const pureDir = fileURLToPath(new URL("../../pure/", import.meta.url)).replace(/[\\/]$/, "");

async function sdkFiles(dir = sdkDir): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sdkFiles(path)));
    else if (entry.name.endsWith(".ts")) files.push(path);
  }
  return files;
}

// The SDK's packages: TypeBox types component definitions (sdk/plugin/define-component.ts); yaml is
// loaded lazily by sdk/plugin/load-yaml.ts, the one home of YAML for core and for plugins that read
// values as YAML (a built-in resolver, like a user's, gets it through the SDK).
const SDK_PACKAGES = new Set(["@sinclair/typebox", "yaml", "ajv"]);

test("the SDK imports nothing from core/, plugins/ or any package but TypeBox, yaml and ajv (each of the last two loaded lazily): only its own files, pure/ (the floor under every floor) and node: builtins", async () => {
  const offenders: string[] = [];
  for (const file of await sdkFiles()) {
    const source = ts.createSourceFile(file, await readFile(file, "utf8"), ts.ScriptTarget.ES2022);
    for (const statement of source.statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (specifier === undefined || specifier.startsWith("node:") || SDK_PACKAGES.has(specifier)) continue;
      const target = specifier.startsWith(".") ? resolve(dirname(file), specifier) : undefined;
      if (!target || !(target.startsWith(sdkDir + sep) || target.startsWith(pureDir + sep))) offenders.push(`${relative(sdkDir, file)} imports ${specifier}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test("every export of the SDK has a doc comment with an @example", () => {
  const entry = join(sdkDir, "index.ts");
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, noEmit: true, strict: true, types: [], noLib: true });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exports = checker.getExportsOfModule(moduleSymbol);
  assert.ok(exports.length > 30, `expected the SDK's exports, found ${exports.length}`);
  const missing: string[] = [];
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const tags = (symbol.declarations ?? []).flatMap((d) => ts.getJSDocTags(d).map((t) => t.tagName.text));
    if (!tags.includes("example")) missing.push(exported.name);
  }
  assert.deepEqual(missing, []);
});
