/**
 * The house rules, checked on the source tree (ARCHITECTURE.md explains them):
 * - floors import only floors below them: sdk <- python <- templates <- core, sdk <- python <- plugins,
 *   sdk <- python <- oauth-consent <- core; core joins plugins at one composition root (core/sluice.ts);
 * - a plugin folder imports another plugin folder only through the explicit shared module plugins/shared/;
 * - builder-ui imports of core/ only the Builder API's types (core/builder/builder-api-types.ts), type-only,
 *   and those types reach no node module;
 * - no source or test file passes 400 lines;
 * - every component type named by a registered component (field defaults, custom field types) is registered;
 * - one home per concept: the Airbyte protocol in core/protocol/ (the CLI only writes it), each command
 *   declared once, one read path (no second iteration protocol), and the one-home rules of ARCHITECTURE.md.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, it } from "node:test";
import { createSluice } from "../core/index.js";

const root = join(import.meta.dirname, "..");

/** What each floor may import (itself included). `npm:` entries are packages. */
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

/** Whether every statement of `file` naming `spec` is `import type { ... }` or `export type { ... }` (erased when bundled). */
function typeOnly(file: string, spec: string): boolean {
  const text = readFileSync(join(root, file), "utf8");
  const statements = [...text.matchAll(/(?:^|\n)\s*(import|export)\s+([^;]*?)\s+from\s+["']([^"']+)["']/g)].filter((m) => m[3] === spec);
  return statements.length > 0 && statements.every((m) => /^type\s/.test(m[2]!));
}
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
        if (floorOf(file) === "builder-ui" && target.replace(/\.js$/, ".ts") === PAGE_TYPES && typeOnly(file, spec)) continue;
        wrong.push(`${file} imports ${target} (${floorOf(file)}/ may import ${allowed.join(", ")})`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("keeps the page's types of the Builder API free of node: what they reach is types, or code with no node import", () => {
    const reached = new Set<string>();
    const wrong: string[] = [];
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith("node:")) wrong.push(`${file} imports ${spec}`);
        else if (file === PAGE_TYPES && !typeOnly(file, spec)) wrong.push(`${file} imports ${spec}, not type-only`);
        if (!spec.startsWith(".")) continue;
        const target = normalize(join(dirname(file), spec)).replace(/\.js$/, ".ts");
        if (target === "sdk/index.ts") wrong.push(`${file} imports sdk/index.ts (all of the SDK)`);
        else visit(target);
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

  it("keeps the Airbyte protocol in core/protocol/: no CLI file builds its messages or decides a read's states", () => {
    // What a host would have to copy if the CLI held it: message shapes, the full-refresh STATE, status and estimate rules.
    const PROTOCOL = [/["']STREAM_STATUS["']/, /["']ESTIMATE["']/, /__ab_no_cursor_state_message/, /stream_descriptor/, /\.readAll\(/, /\.cursorField\b/, /["']CATALOG["']/];
    const wrong: string[] = [];
    for (const file of sourceFiles("core/cli")) {
      const text = readFileSync(join(root, file), "utf8");
      for (const pattern of PROTOCOL) if (pattern.test(text)) wrong.push(`${file} matches ${pattern}`);
    }
    assert.deepEqual(wrong, []);
  });

  it("declares each CLI command once: its name and summary in core/cli/commands/index.ts, its module beside it", () => {
    const index = readFileSync(join(root, "core/cli/commands/index.ts"), "utf8");
    const listed = [...index.matchAll(/\{ name: "([a-z-]+)",(?: \w+: \w+,)* summary: "[^"]+", load: async \(\) => \(await import\("\.\/([a-z-]+)\.js"\)\)\.command \}/g)];
    const files = readdirSync(join(root, "core/cli/commands")).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    assert.deepEqual(listed.map((m) => `${m[2]}.ts`).sort(), files.sort(), "every command module is listed once in index.ts");
    const twice = files.filter((f) => /^\s{2}(name|summary): "/m.test(readFileSync(join(root, "core/cli/commands", f), "utf8")));
    assert.deepEqual(twice, [], "a command module declares its name or summary again");
  });

  it("reads a stream one way: no second iteration protocol beside partitions()", () => {
    const wrong: string[] = [];
    for (const file of floorFiles) {
      const text = readFileSync(join(root, file), "utf8");
      if (/\bslicedRead\b|sliced-read\.js|WholeStream\b/.test(text)) wrong.push(`${file} names the removed second read path`);
      if (file.startsWith("plugins/") && /^\s+(?:override\s+)?read\(stream: string, options: ReadOptions/m.test(text)) wrong.push(`${file} implements Retriever.read (the earlier contract) in a built-in`);
    }
    if (/\bnext\(\): Promise<IteratorResult<DataRecord>>/.test(readFileSync(join(root, "plugins/stream/page-reader.ts"), "utf8"))) wrong.push("PageReader hands out single records again");
    assert.deepEqual(wrong, []);
  });

  /** The lines of every floor file that match `pattern`, except in the files `home` allows. */
  function outside(pattern: RegExp, home: (file: string) => boolean): string[] {
    const found: string[] = [];
    for (const file of floorFiles.filter((f) => !home(f))) {
      readFileSync(join(root, file), "utf8").split("\n").forEach((line, i) => {
        if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    return found;
  }

  it("has one home for each concept (ARCHITECTURE.md, One home per concept)", () => {
    // A month's meaning in a duration is chosen in python/iso-duration.ts, per place (isoDurationLengthMs or PyDateTime.plus).
    assert.deepEqual(outside(/\.months\s*\*|\bmonths\s*\*\s*30/, (f) => f.startsWith("python/")), [], "month arithmetic outside python/");
    // A value at a path is python/dpath.ts (the extractor keeps its own hot-path walk of records).
    assert.deepEqual(outside(/for \(const (step|segment|key|part) of path\)/, (f) => f === "python/dpath.ts" || f === "plugins/selection/dpath-extractor.ts"), [], "a path walked outside python/dpath.ts");
    // One in-memory config store (sdk/services/memory-config-store.ts); the file and source stores persist.
    const stores = new Set(["sdk/services/config-store.ts", "sdk/services/memory-config-store.ts", "core/config/file-config-store.ts", "core/sources/source-config-store.ts"]);
    assert.deepEqual(outside(/\bupdate\(mutate/, (f) => stores.has(f)), [], "another config store");
    // One datetime model (python/): luxon is gone from the library.
    assert.deepEqual(outside(/from ["']luxon["']/, () => false), [], "luxon beside the Python datetime model");
    // Every error is coded: no plain Error thrown by the library.
    assert.deepEqual(outside(/throw new Error\(/, () => false), [], "a plain throw new Error(");
  });

  it("lets no error kind override the catalogue's failure type", async () => {
    assert.doesNotMatch(readFileSync(join(root, "sdk/errors/error-kinds.ts"), "utf8"), /super\([^;]*failureType/);
    const { ConfigError, ManifestError, TemplateError, ERROR_CODES } = await import("../sdk/index.js");
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      for (const Kind of [ConfigError, ManifestError, TemplateError]) {
        assert.equal(new Kind(code as keyof typeof ERROR_CODES, "x").failureType, entry.failureType, `${Kind.name}(${code})`);
      }
    }
  });

  it("finds what it checks (the rules above are not vacuous)", () => {
    assert.ok(floorFiles.length > 150, `only ${floorFiles.length} files`);
    assert.ok(importsOf("core/sluice.ts").includes("../plugins/index.js"));
    assert.ok(createSluice().registry.types().length > 40);
  });
});
