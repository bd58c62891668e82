// Bundles some dependencies into one file each (dist/vendor/<name>.js) and points dist/'s imports of
// them there. Node loads a module file at a cost of roughly 0.2 ms, so a package made of a few hundred
// small modules costs every `sluice` command tens of milliseconds before its first request, where the
// same code in one file costs one or two (docs/performance.md, "CLI start"). The packages stay
// dependencies (the .d.ts files still name them); the bundles carry each bundled package's licence.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { build } from "esbuild";

/**
 * Bundles `packages` and returns esbuild's per-file outputs with their imports of those packages
 * rewritten to the bundles. Only the names dist/ imports are exported by a bundle (esbuild cannot list
 * a CommonJS package's exports); a form of import this does not understand fails the build.
 *
 * @example
 * const files = await vendorPackages(outputFiles, { root, packages: ["@sinclair/typebox", "ajv"] });
 */
export async function vendorPackages(outputFiles, { root, packages }) {
  const files = outputFiles.map((file) => ({ path: file.path, text: file.text }));
  for (const name of packages) {
    const target = join(root, "dist", "vendor", `${name.replace(/^@/, "").replace(/\//g, "-")}.js`);
    const quoted = `"${name}"`;
    const importers = files.filter((file) => file.text.includes(quoted));
    if (importers.length === 0) continue;
    const names = new Set();
    for (const file of importers) for (const imported of importedNames(file.text, name, file.path)) names.add(imported);
    const bundle = await build({
      stdin: { contents: `export { ${[...names].join(", ")} } from ${quoted};`, resolveDir: root, loader: "js" },
      bundle: true,
      write: false,
      outfile: target,
      format: "esm",
      platform: "node",
      target: "node20",
      logLevel: "warning",
      metafile: true,
    });
    const header = `// ${name}, bundled by scripts/build.mjs (scripts/vendor-packages.mjs) with its dependencies; their licences:\n${licences(root, Object.keys(bundle.metafile.inputs))}\n`;
    files.push({ path: target, text: header + bundle.outputFiles[0].text });
    for (const file of importers) {
      const specifier = relative(dirname(file.path), target).split(sep).join("/");
      file.text = file.text.replaceAll(`from ${quoted}`, `from "${specifier.startsWith(".") ? specifier : `./${specifier}`}"`);
    }
  }
  return files;
}

/** The names one output file imports from `name`: `import D, { A, B as C } from "name"` gives default, A, B. */
function importedNames(text, name, path) {
  const names = [];
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const statement = new RegExp(`import\\s+(?:([\\w$]+)\\s*,?\\s*)?(?:\\{([^}]*)\\})?\\s*from\\s*"${escaped}"`, "g");
  let matched = 0;
  for (const match of text.matchAll(statement)) {
    matched++;
    if (match[1]) names.push("default");
    for (const part of (match[2] ?? "").split(",").map((p) => p.trim()).filter(Boolean)) names.push(part.split(/\s+as\s+/)[0]);
  }
  const mentions = text.split(`"${name}"`).length - 1;
  if (matched !== mentions) throw new Error(`scripts/vendor-packages.mjs: ${path} uses "${name}" in a way other than \`import { ... } from\`; import it that way or stop bundling it`);
  return names;
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
