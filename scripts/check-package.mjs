// Checks the npm package as a user gets it (`npm run check:package`; CI runs it after `npm test`):
//  1. packs it (`npm pack`, whose prepare step builds dist/ with the .d.ts declarations),
//  2. checks what is inside: compiled JavaScript and declarations, LICENSE, the empty source store, no .ts sources, no source maps,
//  3. installs the tarball offline (from the npm cache `npm ci` filled) into a fresh temporary project,
//  4. type-checks a program that uses `sluice`, `sluice/sdk` and `sluice/python` with `strict`, without `skipLibCheck`,
//     once with `moduleResolution: node16` and once with `bundler`: zero errors expected,
//  5. runs the installed `sluice --version` and `sluice spec`, and imports both entries with plain Node (runtime dependencies suffice),
//  6. prints the packed size and the installed footprint (the numbers docs/package.md reports).
// Exit code 0 when everything holds; otherwise the failing step's output and exit code 1.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "sluice-package-"));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const keep = process.argv.includes("--keep");

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } });
  } catch (error) {
    process.stderr.write(`check-package: \`${command} ${args.join(" ")}\` failed in ${cwd}\n${error.stdout ?? ""}${error.stderr ?? ""}\n`);
    throw error;
  }
}

function fail(message) {
  process.stderr.write(`check-package: ${message}\n`);
  process.exitCode = 1;
}

/**
 * The consumer's package.json and package-lock.json: `sluice` from the tarball, TypeScript and @types/node
 * to type-check with, every other package pinned as this repository's lockfile pins it. npm's cache holds
 * the tarballs `npm ci` fetched but not the registry's package documents, so an offline `npm install`
 * cannot resolve versions; an offline `npm ci` from a lockfile only needs the tarballs.
 */
function writeConsumerProject(dir, packed) {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const tools = { typescript: lock.packages["node_modules/typescript"].version, "@types/node": lock.packages["node_modules/@types/node"].version };
  const packages = {};
  // Every package reachable from sluice's runtime dependencies and the two tools, at the path the lock gives it.
  const visit = (name, from) => {
    for (let base = from; ; base = base.slice(0, base.lastIndexOf("/node_modules/"))) {
      const path = `${base ? `${base}/` : ""}node_modules/${name}`;
      const entry = lock.packages[path];
      if (entry) {
        if (packages[path]) return;
        const { dev, devOptional, peer, ...rest } = entry;
        packages[path] = rest;
        // npm installs a package's peers too (swagger-parser's openapi-types): an optional peer npm left out is not in the lock.
        for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) visit(dep, path);
        return;
      }
      if (!base) return; // an optional dependency for another platform, not in the lock
    }
  };
  for (const name of [...Object.keys(manifest.dependencies), ...Object.keys(tools)]) visit(name, "");
  const consumerManifest = { name: "consumer", version: "1.0.0", private: true, type: "module", dependencies: { sluice: `file:${packed.filename}` }, devDependencies: tools };
  packages[""] = { name: "consumer", version: "1.0.0", dependencies: consumerManifest.dependencies, devDependencies: tools };
  packages["node_modules/sluice"] = {
    version: packed.version,
    resolved: `file:${packed.filename}`,
    integrity: packed.integrity,
    license: manifest.license,
    dependencies: manifest.dependencies,
    bin: manifest.bin,
    engines: manifest.engines,
  };
  for (const name of Object.keys(tools)) packages[`node_modules/${name}`].dev = true;
  writeFileSync(join(dir, "package.json"), JSON.stringify(consumerManifest, null, 2));
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ name: "consumer", version: "1.0.0", lockfileVersion: 3, requires: true, packages }, null, 2));
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

function du(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += du(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const CONSUMER = `import { createSluice, MemoryConfigStore, type Connector, type SluiceOptions } from "sluice";
import { PaginationStrategy, definePlugin, SluiceError, type PageFacts, type DataRecord, type HttpResponse } from "sluice/sdk";
import { PyDateTime, strftime } from "sluice/python";

/** A custom component's helper, on the Python-compatible values custom classes share with the engine. */
export function isPyDateTime(value: unknown): value is PyDateTime {
  return value instanceof PyDateTime && typeof strftime === "function";
}

/** A custom strategy, as an extension author writes it: the facts form. */
export class TotalPages extends PaginationStrategy {
  nextPageToken({ response, lastToken }: PageFacts): number | undefined {
    const page = Number(lastToken ?? 0) + 1;
    return page < (response.json() as { total_pages: number }).total_pages ? page : undefined;
  }
}

/** The same strategy in the kit's positional form, as the card describes a custom strategy. */
export class PositionalTotalPages extends PaginationStrategy {
  nextPageToken(response: HttpResponse, lastPageSize: number, lastRecord: DataRecord | undefined, lastToken: unknown): number | undefined {
    const page = Number(lastToken ?? 0) + 1;
    const more = lastPageSize > 0 && lastRecord !== undefined;
    return more && page < (response.json() as { total_pages: number }).total_pages ? page : undefined;
  }
}

export const plugin = definePlugin({ name: "consumer:plugin", register() {} });

export async function firstRecords(path: string, limit: number): Promise<DataRecord[]> {
  const options: SluiceOptions = { trustCustomCode: false, readLimits: { maxPages: 10 }, plugins: [plugin] };
  const sluice = createSluice(options);
  const config = { api_key: "k" };
  const connector: Connector = await sluice.connect({ path, config, configStore: new MemoryConfigStore(config) });
  const records: DataRecord[] = [];
  try {
    for await (const record of connector.read(connector.streamNames[0] ?? "users")) {
      records.push(record);
      if (records.length >= limit) break;
    }
  } catch (error: unknown) {
    if (error instanceof SluiceError) console.error(error.code, error.describe());
    throw error;
  }
  return records;
}
`;

const MANIFEST = `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
streams:
  - type: DeclarativeStream
    name: users
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "https://api.example.com", path: /users }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
spec:
  type: Spec
  connection_specification: { type: object, properties: { api_key: { type: string, airbyte_secret: true } } }
`;

const TSCONFIGS = {
  node16: { module: "node16", moduleResolution: "node16" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
};

try {
  // 1. Pack.
  const packed = JSON.parse(run(npm, ["pack", "--json", "--pack-destination", work], root))[0];
  const tarball = join(work, packed.filename);
  const files = packed.files.map((f) => f.path);

  // 2. What is inside.
  const sources = files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
  const maps = files.filter((f) => f.endsWith(".map"));
  if (sources.length) fail(`the package carries TypeScript sources: ${sources.slice(0, 5).join(", ")}${sources.length > 5 ? ", ..." : ""}`);
  if (maps.length) fail(`the package carries source maps: ${maps.slice(0, 5).join(", ")}`);
  for (const needed of ["LICENSE", "package.json", "bin/sluice.js", "dist/core/index.js", "dist/core/index.d.ts", "dist/sdk/index.js", "dist/sdk/index.d.ts", "dist/python/index.js", "dist/python/index.d.ts", "python-kit/sluice_bridge/__main__.py", "python-kit/airbyte_cdk/sources/declarative/extractors/dpath_extractor.py"]) {
    if (!files.includes(needed)) fail(`the package lacks ${needed}`);
  }
  const pglite = JSON.parse(readFileSync(join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")).version;
  if (!files.includes(`store-template/pglite-${pglite}.tar.gz`)) fail(`the package lacks the empty source store for PGlite ${pglite} (store-template/, written by scripts/build.mjs)`);

  // 3. A fresh project, installed offline from the tarball.
  const consumer = work;
  mkdirSync(join(consumer, "src"), { recursive: true });
  writeFileSync(join(consumer, "src", "main.ts"), CONSUMER);
  writeConsumerProject(consumer, packed);
  run(npm, ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], consumer);

  // 4. Strict type checks, without skipLibCheck.
  for (const [name, resolution] of Object.entries(TSCONFIGS)) {
    const config = { compilerOptions: { ...resolution, target: "es2022", strict: true, noEmit: true, types: ["node"], skipLibCheck: false }, include: ["src"] };
    writeFileSync(join(consumer, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
    try {
      run(process.execPath, [join(consumer, "node_modules", "typescript", "bin", "tsc"), "-p", `tsconfig.${name}.json`], consumer);
      process.stdout.write(`check-package: moduleResolution ${name}: 0 type errors (strict, no skipLibCheck)\n`);
    } catch {
      fail(`moduleResolution ${name}: type errors (above)`);
    }
  }

  // 5. Runs with plain Node, from the installed package.
  const version = run(process.execPath, [join(consumer, "node_modules", "sluice", "bin", "sluice.js"), "--version"], consumer).trim();
  if (version !== packed.version) fail(`the installed sluice --version printed ${JSON.stringify(version)}, expected ${packed.version}`);
  run(process.execPath, ["--input-type=module", "-e", "const a = await import('sluice'); const b = await import('sluice/sdk'); const c = await import('sluice/python'); if (!a.createSluice || !b.PaginationStrategy || !c.PyDateTime) process.exit(1);"], consumer);
  // A manifest loaded, resolved and validated by the installed CLI: yaml, ajv and the component registry at run time.
  writeFileSync(join(consumer, "manifest.yaml"), MANIFEST);
  const spec = JSON.parse(run(process.execPath, [join(consumer, "node_modules", "sluice", "bin", "sluice.js"), "spec", "--manifest", "manifest.yaml"], consumer));
  if (spec.type !== "SPEC" || !spec.spec.connectionSpecification.properties.api_key) fail(`the installed sluice spec printed ${JSON.stringify(spec)}`);

  // 6. Sizes: the tarball, and node_modules without the type-checking tools.
  const modules = join(consumer, "node_modules");
  const tools = ["typescript", "@types"].map((name) => join(modules, name)).reduce((sum, dir) => sum + du(dir), 0);
  const footprint = du(modules) - tools;
  const dependencies = readdirSync(modules).filter((n) => !n.startsWith(".") && n !== "typescript" && n !== "@types").length;
  process.stdout.write(
    `check-package: ${packed.filename}: packed ${kib(packed.size)}, unpacked ${kib(packed.unpackedSize)}, ${packed.entryCount} files; ` +
      `installed footprint ${kib(footprint)} (sluice and its runtime dependencies, ${dependencies} top-level packages in node_modules)\n`,
  );
} catch (error) {
  if (!process.exitCode) fail(error instanceof Error ? error.message.split("\n")[0] : String(error));
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
  else process.stdout.write(`check-package: kept ${work}\n`);
}
if (!process.exitCode) process.stdout.write("check-package: ok\n");
