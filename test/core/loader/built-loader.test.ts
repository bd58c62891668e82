import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { tempConnector, type TempConnector } from "./temp-connector.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const cleanups: Array<() => Promise<unknown>> = [];
after(() => Promise.all(cleanups.map((c) => c())));

async function sources(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) found.push(...(await sources(path)));
    else if (name.endsWith(".ts")) found.push(path);
  }
  return found;
}

// The built layout (dist/sdk, dist/core/loader), under the repo's git-ignored .tmp/ so that
// "tsx" resolves from the repo's node_modules as it does for an installed Sluice.
test("built Sluice under plain Node (no tsx preloaded) loads a TypeScript class that extends its own dist SDK and uses its dist sluice/python", async () => {
  await mkdir(join(root, ".tmp"), { recursive: true });
  const out = await mkdtemp(join(root, ".tmp", "built-loader-"));
  cleanups.push(() => rm(out, { recursive: true, force: true }));
  const entryPoints = [...(await sources(join(root, "pure"))), ...(await sources(join(root, "sdk"))), ...(await sources(join(root, "python"))), ...(await sources(join(root, "core", "loader")))];
  await build({ entryPoints, outdir: join(out, "dist"), outbase: root, format: "esm", platform: "node", target: "node20", logLevel: "silent" });
  const connector: TempConnector = await tempConnector({
    "components.ts": `import { PaginationStrategy } from "sluice/sdk";\nimport { parseDatetime } from "sluice/python";\nexport class Zero extends PaginationStrategy { nextPageToken(): number { return 0 as number; } }\nexport const epoch = parseDatetime("1970-01-02", "%Y-%m-%d");\n`,
  });
  cleanups.push(() => connector.remove());
  const script = join(out, "check.mjs");
  const dist = pathToFileURL(join(out, "dist")).href;
  await writeFile(
    script,
    `import { createCustomCodeLoader } from "${dist}/core/loader/create-custom-code-loader.js";
import { PaginationStrategy } from "${dist}/sdk/index.js";
import { PyDateTime } from "${dist}/python/index.js";
import { customModuleUrl } from "${dist}/core/loader/custom-module-hooks.js";
const { value } = await createCustomCodeLoader({ trusted: true }).loadClass({ className: "components.Zero", connectorDir: ${JSON.stringify(connector.dir)} });
const { epoch } = await import(customModuleUrl(${JSON.stringify(join(connector.dir, "components.ts"))}));
console.log(JSON.stringify({ isStrategy: new value({}) instanceof PaginationStrategy, token: new value({}).nextPageToken(), sameDatetime: epoch instanceof PyDateTime, seconds: epoch.timestamp() }));
`,
  );
  const { stdout } = await promisify(execFile)(process.execPath, [script], { cwd: connector.dir, env: { ...process.env, NODE_OPTIONS: "" } });
  assert.deepEqual(JSON.parse(stdout.trim()), { isStrategy: true, token: 0, sameDatetime: true, seconds: 86400 });
});
