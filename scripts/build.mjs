// Transpiles pure/, sdk/, python/, templates/, oauth-consent/, core/ and plugins/ to dist/ with esbuild, one output file per source file.
// Type checking is `npm run typecheck`; this step only has to be fast, so `npm install` leaves a working CLI.
// `--types` also writes the .d.ts declarations (tsc, tsconfig.build.json), and so does the `prepare` step of
// `npm pack` and `npm publish` (npm runs `prepare` after `prepack`, so the declarations must come from this
// one step): the package carries them, and `npm install` and `npm test` stay fast.
// No source maps: the package carries no .ts sources for them to point at, and the output is one
// readable, unminified file per source file, so stack traces name the real file and function.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { vendorPackages } from "./vendor-packages.mjs";
import { buildBuilderUi } from "./build-builder-ui.mjs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sources = [];
function collect(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) sources.push(path);
  }
}
for (const top of ["pure", "sdk", "python", "templates", "oauth-consent", "core", "plugins"]) collect(join(root, top));

rmSync(join(root, "dist"), { recursive: true, force: true });
const { outputFiles } = await build({
  entryPoints: sources,
  outdir: join(root, "dist"),
  outbase: root,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  write: false,
});

// TypeBox's ~200 ESM modules cost every `sluice` command about 35 ms to import, one bundled file about
// 2 ms; ajv's ~70 CommonJS modules about 15 ms more. Sluice uses only TypeBox's schema builders, whose
// markers are global symbols, so a plugin that imports @sinclair/typebox itself builds schemas Sluice
// reads the same; ajv instances are Sluice's own. See scripts/vendor-packages.mjs.
for (const file of await vendorPackages(outputFiles, { root, packages: ["@sinclair/typebox", "ajv"] })) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text);
}

// The Builder's page (`sluice builder`), bundled for the browser into dist/builder-ui/.
await buildBuilderUi(root);

// A new source store is unpacked from an empty PGlite database saved here once per PGlite version
// (store-template/, ~2 s the first time), instead of made by initdb on a user's first command.
const { writePgliteTemplate } = await import(pathToFileURL(join(root, "dist", "core", "sources", "pglite-template.js")).href);
await writePgliteTemplate(root).catch((error) => {
  // Only an optimization: without it a new store runs initdb. scripts/check-package.mjs requires it in the package.
  process.stderr.write(`build: the empty source store (store-template/) could not be saved, new stores will run initdb: ${error.message}\n`);
});

const packing = process.env.npm_command === "pack" || process.env.npm_command === "publish";
if (process.argv.includes("--types") || packing) {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
}
