// Bundles Sluice's TypeScript into dist/bundle/ with esbuild: one file per entry (the library, sluice/sdk,
// sluice/python, the CLI) and the chunks they share, split so that what a command loads only when it runs
// (a command's module, the yaml package's loader, the source store...) stays a chunk of its own. Node loads
// a module file at a cost of roughly 0.2 to 0.5 ms, and `sluice spec` used to load about 480 of them
// before its first line of output (docs/performance.md, "Start and memory, round four").
//
// The public paths stay: dist/core/index.js, dist/sdk/index.js, dist/python/index.js and
// dist/core/cli/main.js re-export their entry, so every importer (a host, the CLI, a connector's custom
// code through sluice/sdk) shares one copy of each class. Every output file sits in dist/bundle/, so a
// source file's `import.meta.url` is rewritten to the URL it had in the one-file-per-source layout
// (dist/core/package-root.js...): the paths it resolves from it (package.json, python-kit/, store-template/)
// are unchanged.
//
// Third-party packages stay imports of node_modules (loaded only by the chunks that use them), except
// TypeBox (~200 ESM modules, of which Sluice uses the schema builders, whose markers are global symbols),
// ajv (~70 CommonJS modules), yaml (38, loaded when a YAML text is parsed), tsyringe and reflect-metadata
// (34), bundled in with their licences. (nunjucks stays: templates/ reaches its private modules by path.)
import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";

/** Entry name (its file in dist/bundle/) -> source file, and the public path that re-exports it. */
export const BUNDLE_ENTRIES = [
  { name: "index", source: "core/index.ts", stub: "core/index.js" },
  { name: "sdk", source: "sdk/index.ts", stub: "sdk/index.js" },
  { name: "python", source: "python/index.ts", stub: "python/index.js" },
  { name: "cli", source: "core/cli/main.ts", stub: "core/cli/main.js" },
  // For scripts/build.mjs, once the bundle is written: the empty source store, the components' validators.
  { name: "pglite-template", source: "core/sources/pglite-template.ts", stub: undefined },
  { name: "write-component-validators", source: "core/manifest/write-component-validators.ts", stub: undefined },
];

/** The folders the bundle is made from (the image's build stage copies each: test/deploy checks it). */
export const SOURCE_FOLDERS = ["pure", "sdk", "python", "templates", "oauth-consent", "core", "plugins"];

/** Packages bundled into dist/bundle/ instead of imported from node_modules. */
const BUNDLED_PACKAGES = ["@sinclair/typebox", "ajv", "@cfworker/json-schema", "yaml", "js-yaml", "tsyringe", "reflect-metadata", "nunjucks/src", "node-fetch"];

/**
 * Bundles the library; returns the files to write (dist/bundle/ and the public re-exporting stubs).
 *
 * @example
 * for (const file of await bundleLibrary(root)) writeFileSync(file.path, file.text);
 */
export async function bundleLibrary(root) {
  const out = join(root, "dist", "bundle");
  const result = await build({
    entryPoints: Object.fromEntries(BUNDLE_ENTRIES.map((e) => [e.name, join(root, e.source)])),
    outdir: out,
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    chunkNames: "chunk-[hash]",
    // No keepNames: it wraps every function, arrow and class in a `__name()` call (3,700 of them at start, and
    // node-fetch's closures on every request: about 1% of a read's CPU). Without it a top-level name that
    // collides with another is renamed (`describe3`); classes, whose names errors show, are kept (see below).
    define: { "import.meta.url": "__sluiceModuleUrl" },
    logLevel: "warning",
    metafile: true,
    write: false,
    plugins: [nodeFetchParts(root), externalPackages(), moduleUrls(root)],
  });
  // Each source file's share of each output file, for `node scripts/build.mjs` with SLUICE_BUNDLE_METAFILE=<file>
  // (read it with esbuild's analyzer, or docs/performance.md's recipe).
  if (process.env.SLUICE_BUNDLE_METAFILE) writeFileSync(process.env.SLUICE_BUNDLE_METAFILE, JSON.stringify(result.metafile));
  const strays = Object.keys(result.metafile.inputs).filter((input) => !input.includes("node_modules/") && !input.startsWith(`${BUILTIN}:`) && !input.startsWith(`${NOT_NEEDED}:`) && !input.startsWith(`${LAZY_ESM}:`) && !SOURCE_FOLDERS.some((folder) => input.startsWith(`${folder}/`)));
  if (strays.length) throw new Error(`scripts/bundle-library.mjs: the bundle reaches files outside ${SOURCE_FOLDERS.join(", ")}: ${strays.join(", ")}; add their folder to SOURCE_FOLDERS (and the Dockerfile's build stage)`);
  refuseRenamedClasses(result.outputFiles);
  // A chunk that carries a bundled package's code carries its licence.
  const files = result.outputFiles.map((file) => {
    const inputs = Object.keys(result.metafile.outputs[relative(root, file.path).split(sep).join("/")]?.inputs ?? {}).filter((input) => input.includes("node_modules/"));
    return { path: file.path, text: inputs.length ? `// Bundled by scripts/bundle-library.mjs with these packages; their licences:\n${licences(root, inputs)}\n${file.text}` : file.text };
  });
  for (const entry of BUNDLE_ENTRIES.filter((e) => e.stub)) {
    const path = join(root, "dist", entry.stub);
    const target = relative(dirname(path), join(out, `${entry.name}.js`)).split(sep).join("/");
    files.push({ path, text: `// The public entry: one copy of Sluice for every importer (scripts/bundle-library.mjs).\nexport * from "${target}";\n` });
  }
  return files;
}

/** Classes the bundle may rename: a bundled package's, whose name nothing reads. */
const RENAMED_CLASSES_ALLOWED = ["FormData2"];

/**
 * Fails the build when esbuild renamed a class to keep two top-level names apart (`class ManifestError2`): an
 * error's name (`new.target.name`) and messages (`decoder.constructor.name`) read class names. Rename one of
 * the two in the sources.
 */
export function refuseRenamedClasses(outputFiles) {
  const texts = outputFiles.map((file) => file.text);
  const declared = new Set(texts.flatMap((text) => [...text.matchAll(/^(?:export )?(?:async )?(?:class|function\*?|var|let|const) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1])));
  // A class's name is its own (`var X = class X2 {`: X2), else the variable's.
  const renamed = texts.flatMap((text) => [...text.matchAll(/^(?:var ([A-Za-z_$][\w$]*) = class(?: ([A-Za-z_$][\w$]*))?\b|class ([A-Za-z_$][\w$]*))/gm)].map((m) => m[2] ?? m[1] ?? m[3]));
  const collisions = renamed.filter((name) => /\D\d+$/.test(name) && declared.has(name.replace(/\d+$/, "")) && !RENAMED_CLASSES_ALLOWED.includes(name));
  if (collisions.length) throw new Error(`scripts/bundle-library.mjs: the bundle renamed these classes to keep them apart from another top-level name: ${collisions.join(", ")}; rename one of each pair in the sources (a class's name shows in errors)`);
}

/** The namespace of a Node built-in required by a bundled package. */
const BUILTIN = "sluice-node-builtin";
/** The namespace of a package a bundled package requires only on a Node older than Sluice supports. */
const NOT_NEEDED = "sluice-not-needed";

/**
 * Built-ins a bundled package imports at its top but uses only on some requests: node-fetch's `https` (with
 * `tls`, about 5 ms and 1 MiB) for an https URL, its `zlib` (about 3 ms and 1.5 MiB) for a compressed body.
 */
const LAZY_BUILTINS = ["https", "zlib"];

/**
 * A built-in that loads at its first property read: a proxy whose every read goes to the module. (esbuild's
 * `__toESM` copies a CommonJS module's own keys at import; the proxy's target has none, so importing it
 * reads nothing.)
 */
function lazyBuiltin(name) {
  return `let loaded;
const load = () => (loaded ??= process.getBuiltinModule(${JSON.stringify(`node:${name}`)}));
module.exports = new Proxy({}, { get: (_target, key) => load()[key], has: (_target, key) => key in load() });`;
}

/** The namespace of a built-in whose functions Sluice's own code imports, each loading it at its first call. */
const LAZY_ESM = "sluice-lazy-builtin";

/**
 * Built-ins Sluice's own code imports at a module's top but calls only on some paths: `node:crypto` (about
 * 4 ms and 0.75 MiB) hashes a long page token, signs a JWT, encrypts a stored secret; `spec`, `check` and
 * `discover` on most connectors call none of these.
 */
const LAZY_OWN_BUILTINS = ["node:crypto"];

/**
 * An ES module exporting each function of a built-in (its lower-case exports: functions, not classes) as
 * one that loads the built-in at its first call. Importing anything else from it (a class, a constant)
 * fails the build with esbuild's "No matching export": read it through `process.getBuiltinModule` where it
 * is used instead.
 */
async function lazyFunctions(id) {
  const module = await import(id);
  const names = Object.keys(module.default).filter((name) => /^[a-z]/.test(name) && typeof module.default[name] === "function");
  const lines = names.map((name) => `export function ${name}(...args) { return load().${name}(...args); }`);
  return `let loaded;\nconst load = () => (loaded ??= process.getBuiltinModule(${JSON.stringify(id)}));\n${lines.join("\n")}\n`;
}

/** node-fetch's own source folder in node_modules. */
const NODE_FETCH_SRC = `${sep}node_modules${sep}node-fetch${sep}src${sep}`;

/**
 * The parts of node-fetch the bundle replaces with lighter ones of the same behaviour: for each, the import it
 * replaces, node-fetch's modules that import it, and Sluice's file put in its place.
 * - `node:stream` (src/index.js): core/http/node-fetch-stream.ts, Node's module with a lighter pipeline of two
 *   streams: each response handed on as its body without Node 20's AbortController and DOMException per pipe,
 *   nor a pass-through's copy (about 15% of a 100,000-record read's CPU).
 * - `./headers.js` (src/index.js, request.js, response.js): core/http/node-fetch-headers.ts, node-fetch's
 *   `Headers` kept in a Map instead of a `URLSearchParams` behind a `Proxy` (four per request).
 * The build fails when a node-fetch no longer imports one of them from each of those modules (a new
 * node-fetch): look at what it does there then (test/core/http/node-fetch-stream.test.ts and
 * node-fetch-headers.test.ts read the bundle's node-fetch).
 */
const NODE_FETCH_PARTS = [
  { specifier: /^(node:)?stream$/, importers: ["index.js"], replacement: "core/http/node-fetch-stream.ts" },
  { specifier: /^\.\/headers\.js$/, importers: ["index.js", "request.js", "response.js"], replacement: "core/http/node-fetch-headers.ts" },
];

/** Puts each of {@link NODE_FETCH_PARTS} in place in node-fetch's modules, and fails the build when one is not imported where it was. */
function nodeFetchParts(root) {
  return {
    name: "sluice-node-fetch-parts",
    setup(b) {
      const replaced = new Set();
      for (const part of NODE_FETCH_PARTS) {
        b.onResolve({ filter: part.specifier }, (args) => {
          const importer = part.importers.find((name) => args.importer.endsWith(`${NODE_FETCH_SRC}${name}`));
          if (!importer) return undefined;
          replaced.add(`${importer} ${part.replacement}`);
          return { path: join(root, part.replacement) };
        });
      }
      b.onEnd((result) => {
        if (result.errors.length > 0) return;
        const missing = NODE_FETCH_PARTS.flatMap((part) => part.importers.filter((name) => !replaced.has(`${name} ${part.replacement}`)).map((name) => `node-fetch's src/${name} no longer imports what ${part.replacement} replaces`));
        if (missing.length) throw new Error(`scripts/bundle-library.mjs: ${missing.join("; ")}; check what this node-fetch does there`);
      });
    },
  };
}

/** Every bare import stays external except the bundled packages (node: built-ins included). */
function externalPackages() {
  return {
    name: "sluice-external-packages",
    setup(b) {
      // A bundled CommonJS package's `require("process")`, `require("buffer")` (yaml's) cannot reach Node's loader
      // from an ES module: it gets the built-in through `process.getBuiltinModule` (Node 20.16+), the same object.
      b.onResolve({ filter: /^[a-z_]/ }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}`) && builtinModules.includes(args.path.replace(/^node:/, "")) ? { path: args.path.replace(/^node:/, ""), namespace: BUILTIN } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: BUILTIN }, (args) => ({ contents: LAZY_BUILTINS.includes(args.path) ? lazyBuiltin(args.path) : `module.exports = process.getBuiltinModule(${JSON.stringify(`node:${args.path}`)});`, loader: "js" }));
      // fetch-blob (node-fetch's) requires web-streams-polyfill only where `globalThis.ReadableStream` is missing,
      // which no supported Node is (engines: >=20.18): its 210 KB stay out of the chunk every first request parses.
      // Its streams.cjs only fills in what such a Node lacks; reading `globalThis.ReadableStream` to find out
      // loads Node's web streams (about 4 ms and 1.2 MiB), so it is left out too.
      b.onResolve({ filter: /^web-streams-polyfill(\/|$)/ }, (args) => ({ path: args.path, namespace: NOT_NEEDED }));
      b.onResolve({ filter: /^\.\/streams\.cjs$/ }, (args) => (args.importer.includes(`${sep}node_modules${sep}fetch-blob${sep}`) ? { path: "fetch-blob/streams.cjs", namespace: NOT_NEEDED } : undefined));
      b.onLoad({ filter: /.*/, namespace: NOT_NEEDED }, (args) => ({
        contents: args.path === "fetch-blob/streams.cjs" ? "// Node 20 has ReadableStream and Blob.prototype.stream: nothing to fill in." : `throw new Error(${JSON.stringify(`${args.path} is left out of Sluice's bundle: Node 20 has web streams built in`)});`,
        loader: "js",
      }));
      // Sluice's own imports of a built-in it needs only on some paths load it at their first call.
      b.onResolve({ filter: /^node:/ }, (args) => (LAZY_OWN_BUILTINS.includes(args.path) && !args.importer.includes(`${sep}node_modules${sep}`) ? { path: args.path, namespace: LAZY_ESM } : undefined));
      b.onLoad({ filter: /.*/, namespace: LAZY_ESM }, async (args) => ({ contents: await lazyFunctions(args.path), loader: "js" }));
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        // A package imported from a bundled package (ajv's fast-deep-equal...) is bundled with it.
        if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Gives each source file that reads `import.meta.url` its URL in the one-file-per-source layout, declared at
 * its top (`define` then replaces every `import.meta.url` expression, not the text in strings).
 */
function moduleUrls(root) {
  return {
    name: "sluice-module-urls",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return { contents: text, loader: "ts" };
        const built = relative(root, args.path).split(sep).join("/").replace(/\.ts$/, ".js");
        return { contents: `const __sluiceModuleUrl = import.meta.resolve(${JSON.stringify(`../${built}`)});\n${text}`, loader: "ts" };
      });
    },
  };
}

/** The licence texts of the packages that the given input files belong to, as one block comment. */
function licences(root, inputs) {
  const packageDirs = new Set();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packageDirs.add(match[1]);
  }
  const texts = [...packageDirs].sort().map((dir) => {
    const full = join(root, dir);
    const pkg = JSON.parse(readFileSync(join(full, "package.json"), "utf8"));
    const file = existsSync(full) ? readdirSync(full).find((f) => /^licen[cs]e/i.test(f)) : undefined;
    const text = file ? readFileSync(join(full, file), "utf8").trim().replaceAll("*/", "* /") : `(licence: ${pkg.license})`;
    return `${pkg.name}@${pkg.version}\n\n${text}`;
  });
  return `/*\n${texts.join("\n\n----\n\n")}\n*/`;
}
