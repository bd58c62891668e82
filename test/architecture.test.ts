/**
 * The house rules, checked on the import graph and the syntax trees of the source (the TypeScript
 * parser, test/support/import-graph.ts and syntax-search.ts), so a rule holds whatever a file's
 * variables are named (ARCHITECTURE.md explains the rules):
 * - floors import only floors below them: pure <- sdk <- python <- templates <- core, sdk <- python <- plugins,
 *   sdk <- python <- oauth-consent <- core; core joins plugins at one composition root (core/sluice.ts);
 * - the folders of core/ import each other without a cycle;
 * - a plugin folder imports another plugin folder only through the explicit shared module plugins/shared/;
 * - builder-ui imports of core/ only the Builder API's types (core/builder/builder-api-types.ts), type-only,
 *   and those types reach no node module;
 * - no source or test file passes 400 lines;
 * - every component type named by a registered component (field defaults, custom field types) is registered;
 * - one home per concept (test/architecture-one-home.test.ts).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createSluice } from "../core/index.js";
import { cyclesOf, importsOf, parse, sourceFiles } from "./support/import-graph.js";

const root = join(import.meta.dirname, "..");

/** What each floor may import (itself included). */
const FLOORS: Record<string, readonly string[]> = {
  pure: ["pure"],
  sdk: ["pure", "sdk"],
  python: ["pure", "sdk", "python"],
  templates: ["pure", "sdk", "python", "templates"],
  "oauth-consent": ["pure", "sdk", "python", "oauth-consent"],
  plugins: ["pure", "sdk", "python", "plugins"],
  core: ["pure", "sdk", "python", "templates", "oauth-consent", "core"],
  // The Builder's page runs in a browser: it talks to the library only through its server's JSON API,
  // and shares the browser-safe helpers of pure/.
  "builder-ui": ["pure", "builder-ui"],
};
/** Packages a floor may not import: pure/ runs anywhere, the page in a browser. */
const NO_PACKAGES = new Set(["pure"]);
/**
 * The one module of core/ the Builder's page may import: the API's types, type-only (erased from the
 * bundle), so the page and the server read one declaration of what passes between them.
 */
const PAGE_TYPES = "core/builder/builder-api-types.ts";
/** The one composition root, and the one plugins/ module it may import. */
const COMPOSITION_ROOT = "core/sluice.ts";
const PLUGIN_LIST = "plugins/index.ts";
/** The plugin modules any plugin folder may import. */
const SHARED_PLUGIN_FOLDER = "plugins/shared/";
/** Only these folders may import tsyringe (DI stays behind core/di/) or nunjucks. */
const PACKAGE_HOMES: Record<string, readonly string[]> = { tsyringe: ["core/di/"], nunjucks: ["templates/", "oauth-consent/"] };
const MAX_LINES = 400;

const floorOf = (file: string) => file.split("/")[0]!;
const floorFiles = Object.keys(FLOORS).flatMap((floor) => sourceFiles(root, floor));

describe("architecture", () => {
  it("has floors that import only the floors below them, and one composition root", () => {
    const wrong: string[] = [];
    for (const file of floorFiles) {
      const allowed = FLOORS[floorOf(file)]!;
      for (const { specifier, target, typeOnly } of importsOf(root, file)) {
        if (target === undefined) {
          if (NO_PACKAGES.has(floorOf(file))) wrong.push(`${file} imports the package ${specifier} (pure/ imports nothing)`);
          continue;
        }
        if (allowed.includes(floorOf(target))) continue;
        if (file === COMPOSITION_ROOT && target === PLUGIN_LIST) continue;
        if (floorOf(file) === "builder-ui" && target === PAGE_TYPES && typeOnly) continue;
        wrong.push(`${file} imports ${target} (${floorOf(file)}/ may import ${allowed.join(", ")})`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("keeps the folders of core/ free of import cycles (type-only imports included)", () => {
    const folderOf = (file: string) => file.split("/").slice(0, 2).join("/");
    const edges = new Map<string, Set<string>>();
    for (const file of floorFiles.filter((f) => f.startsWith("core/") && f.split("/").length > 2)) {
      for (const { target } of importsOf(root, file)) {
        if (!target?.startsWith("core/") || target.split("/").length < 3 || folderOf(target) === folderOf(file)) continue;
        edges.set(folderOf(file), (edges.get(folderOf(file)) ?? new Set()).add(folderOf(target)));
      }
    }
    assert.deepEqual(cyclesOf(edges), []);
    assert.ok(edges.size > 10, `only ${edges.size} folders import another`);
  });

  it("keeps the page's types of the Builder API free of node: what they reach is types, or code with no node import", () => {
    const reached = new Set<string>();
    const wrong: string[] = [];
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const { specifier, target, typeOnly } of importsOf(root, file)) {
        if (specifier.startsWith("node:")) wrong.push(`${file} imports ${specifier}`);
        else if (file === PAGE_TYPES && !typeOnly) wrong.push(`${file} imports ${specifier}, not type-only`);
        if (target === "sdk/index.ts") wrong.push(`${file} imports sdk/index.ts (all of the SDK)`);
        else if (target) visit(target);
      }
    };
    visit(PAGE_TYPES);
    assert.deepEqual(wrong, []);
    assert.ok(reached.size > 5, `only ${reached.size} files reached`);
  });

  it("keeps each plugin folder to itself, except through plugins/shared/", () => {
    const wrong: string[] = [];
    for (const file of floorFiles.filter((f) => f.startsWith("plugins/") && f.split("/").length > 2)) {
      const folder = file.split("/").slice(0, 2).join("/") + "/";
      for (const { target } of importsOf(root, file)) {
        if (!target?.startsWith("plugins/") || target.startsWith(folder) || target.startsWith(SHARED_PLUGIN_FOLDER)) continue;
        wrong.push(`${file} imports ${target}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("keeps tsyringe behind core/di/ and nunjucks in the template floors", () => {
    const wrong: string[] = [];
    for (const file of floorFiles) {
      for (const { specifier } of importsOf(root, file)) {
        const homes = PACKAGE_HOMES[specifier.split("/")[0]!];
        if (homes && !homes.some((home) => file.startsWith(home))) wrong.push(`${file} imports ${specifier}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const files = [...floorFiles, ...["test", "scripts", "examples", "bin"].flatMap((dir) => sourceFiles(root, dir))];
    const long = files
      .map((file) => [file, parse(root, file).getLineAndCharacterOfPosition(parse(root, file).end).line] as const)
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([file, lines]) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });

  it("registers every component type that a registered component names", () => {
    const registry = createSluice().registry;
    const missing: string[] = [];
    for (const type of registry.types()) {
      const factory = registry.find(type)!;
      for (const [field, named] of Object.entries({ ...factory.fieldDefaults })) if (!registry.find(named)) missing.push(`${type}.fieldDefaults.${field}: ${named}`);
      for (const [field, named] of Object.entries({ ...factory.customFieldTypes })) if (!registry.find(named)) missing.push(`${type}.customFieldTypes.${field}: ${named}`);
    }
    assert.deepEqual(missing, []);
  });

  it("finds what it checks (the rules above are not vacuous)", () => {
    assert.ok(floorFiles.length > 150, `only ${floorFiles.length} files`);
    assert.ok(importsOf(root, COMPOSITION_ROOT).some((i) => i.target === PLUGIN_LIST));
    assert.ok(importsOf(root, "builder-ui/model/auth-rules.ts").some((i) => i.target?.startsWith("pure/")), "the page imports pure/");
    assert.ok(cyclesOf(new Map([["a", new Set(["b"])], ["b", new Set(["a"])]])).length === 1, "a cycle is found");
    assert.ok(createSluice().registry.types().length > 40);
  });
});
