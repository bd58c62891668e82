/**
 * The house rules, checked on the source tree (ARCHITECTURE.md explains them):
 * - floors import only floors below them: sdk <- python <- templates <- core, sdk <- python <- plugins,
 *   sdk <- python <- oauth-consent <- core; core joins plugins at one composition root (core/sluice.ts);
 * - a plugin folder imports another plugin folder only through the explicit shared module plugins/shared/;
 * - no source or test file passes 400 lines;
 * - every component type named by a registered component (field defaults, custom field types) is registered.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, it } from "node:test";
import { createSluice } from "../core/index.js";

const root = join(import.meta.dirname, "..");

/** What each floor may import (itself included). `npm:` entries are packages. */
const FLOORS: Record<string, readonly string[]> = {
  sdk: ["sdk"],
  python: ["sdk", "python"],
  templates: ["sdk", "python", "templates"],
  "oauth-consent": ["sdk", "python", "oauth-consent"],
  plugins: ["sdk", "python", "plugins"],
  core: ["sdk", "python", "templates", "oauth-consent", "core"],
  // The Builder's page runs in a browser: it talks to the library only through its server's JSON API.
  "builder-ui": ["builder-ui"],
};
/** The one composition root, and the one plugins/ module it may import. */
const COMPOSITION_ROOT = "core/sluice.ts";
const PLUGIN_LIST = "plugins/index.ts";
/** The plugin modules any plugin folder may import. */
const SHARED_PLUGIN_FOLDER = "plugins/shared/";
/** Only these floors may import tsyringe (DI stays behind core/di/) or nunjucks. */
const PACKAGE_HOMES: Record<string, readonly string[]> = { tsyringe: ["core/di/"], nunjucks: ["templates/", "oauth-consent/"] };
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "results") continue;
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(m?ts|m?js|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The module specifiers a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s(?:[^'"]*?\sfrom\s)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/gm)) {
    specs.push((m[1] ?? m[2] ?? m[3])!);
  }
  return specs;
}

const floorOf = (file: string) => file.split("/")[0]!;
const floorFiles = Object.keys(FLOORS).flatMap(sourceFiles);

describe("architecture", () => {
  it("has floors that import only the floors below them, and one composition root", () => {
    const wrong: string[] = [];
    for (const file of floorFiles) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith(".")) continue;
        const target = normalize(join(dirname(file), spec));
        const allowed = FLOORS[floorOf(file)]!;
        if (allowed.includes(floorOf(target))) continue;
        if (file === COMPOSITION_ROOT && target.replace(/\.js$/, ".ts") === PLUGIN_LIST) continue;
        wrong.push(`${file} imports ${target} (${floorOf(file)}/ may import ${allowed.join(", ")})`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("keeps each plugin folder to itself, except through plugins/shared/", () => {
    const wrong: string[] = [];
    for (const file of floorFiles.filter((f) => f.startsWith("plugins/") && f.split("/").length > 2)) {
      const folder = file.split("/").slice(0, 2).join("/") + "/";
      for (const spec of importsOf(file)) {
        if (!spec.startsWith(".")) continue;
        const target = normalize(join(dirname(file), spec));
        if (!target.startsWith("plugins/") || target.startsWith(folder) || target.startsWith(SHARED_PLUGIN_FOLDER)) continue;
        wrong.push(`${file} imports ${target}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("keeps tsyringe behind core/di/ and nunjucks in the template floors", () => {
    const wrong: string[] = [];
    for (const file of floorFiles) {
      for (const spec of importsOf(file)) {
        const homes = PACKAGE_HOMES[spec.split("/")[0]!];
        if (homes && !homes.some((home) => file.startsWith(home))) wrong.push(`${file} imports ${spec}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const files = [...floorFiles, ...["test", "scripts", "examples", "bin"].flatMap(sourceFiles)];
    const long = files
      .map((file) => [file, readFileSync(join(root, file), "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([file, lines]) => `${relative(root, join(root, file))}: ${lines} lines`);
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
    assert.ok(importsOf("core/sluice.ts").includes("../plugins/index.js"));
    assert.ok(createSluice().registry.types().length > 40);
  });
});
