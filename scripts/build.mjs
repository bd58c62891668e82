// Builds dist/: the library bundled by esbuild (scripts/bundle-library.mjs: dist/bundle/, with the public entries
// dist/core/index.js, dist/sdk/index.js, dist/python/index.js and dist/core/cli/main.js re-exporting it).
// Type checking is `npm run typecheck`; this step only has to be fast, so `npm install` leaves a working CLI.
// `--types` also writes the .d.ts declarations (tsc, tsconfig.build.json), and so does the `prepare` step of
// `npm pack` and `npm publish` (npm runs `prepare` after `prepack`, so the declarations must come from this
// one step): the package carries them, and `npm install` and `npm test` stay fast.
// No source maps: the package carries no .ts sources for them to point at; the bundle is unminified and
// keeps every class and function name, so stack traces name the real function.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { bundleLibrary } from "./bundle-library.mjs";
import { buildBuilderUi } from "./build-builder-ui.mjs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
rmSync(join(root, "dist"), { recursive: true, force: true });
for (const file of await bundleLibrary(root)) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text);
}

// ajv's standalone validators of the built-in components (core/manifest/component-validators.ts), so a command
// does not compile the schemas of a manifest's components at every start.
const bundle = (name) => import(pathToFileURL(join(root, "dist", "bundle", `${name}.js`)).href);
const { createSluice } = await bundle("index");
(await bundle("write-component-validators")).writeComponentValidators(root, createSluice().registry);

// The Builder's page (`sluice builder`), bundled for the browser into dist/builder-ui/.
await buildBuilderUi(root);

// A new source store is unpacked from an empty PGlite database saved here once per PGlite version
// (store-template/, ~2 s the first time), instead of made by initdb on a user's first command.
const { writePgliteTemplate } = await bundle("pglite-template");
await writePgliteTemplate(root).catch((error) => {
  // Only an optimization: without it a new store runs initdb. scripts/check-package.mjs requires it in the package.
  process.stderr.write(`build: the empty source store (store-template/) could not be saved, new stores will run initdb: ${error.message}\n`);
});

const packing = process.env.npm_command === "pack" || process.env.npm_command === "publish";
if (process.argv.includes("--types") || packing) {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
}
