/**
 * Source store start (docs/sources.md, "What a command costs"): wall time from spawning
 * `node bin/sluice.js` to its exit for `sluice sources list` on an existing store and on a new one
 * (SLUICE_HOME empty: the store is made from the build's template), `sluice sources show`, and a
 * `sluice read --source` of one page (50 records) from a loopback server; and the floor every one of
 * them pays, a bare Node process that imports PGlite and opens and closes the existing store (with
 * V8's baseline WebAssembly compiler only, as `sluice sources` runs).
 * Builds dist/ first, as `bin/sluice.js` runs it; reports the median and the fastest of several runs.
 *
 * @example
 * npm run bench -- sources
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { median, type Metric } from "./support/measure.js";
import { BENCH_TOKEN, startPageServer } from "./support/page-server.js";
import { benchManifest } from "./support/readers.js";
import { buildDist } from "./support/built-library.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exec = promisify(execFile);
const RUNS = 7;

interface Timing {
  median: number;
  min: number;
}

/** Wall milliseconds of `node ...args` with `env` (median and fastest); `prepare` runs untimed before each. */
async function timeNode(args: string[], env: NodeJS.ProcessEnv, check: (stdout: string) => void, prepare = () => {}): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    prepare();
    const start = performance.now();
    const { stdout } = await exec(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 << 20 });
    times.push(performance.now() - start);
    check(stdout);
  }
  return { median: median(times), min: Math.min(...times) };
}

/** The bench connector with a spec, so `sources add` stores `api_key` sealed, as a real source does. */
function sourceManifest(url: string): Record<string, unknown> {
  const spec = { type: "Spec", connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } };
  return { ...benchManifest(url, "offset"), spec };
}

const OPEN_ONLY = `const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create(process.env.SLUICE_HOME + "/db")).close();`;

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  await buildDist();
  const dir = mkdtempSync(join(tmpdir(), "sluice-sources-bench-"));
  const server = await startPageServer({ total: 50 });
  const sluice = join(root, "bin/sluice.js");
  try {
    const home = { SLUICE_HOME: join(dir, "home") };
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(sourceManifest(server.url)));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_key: BENCH_TOKEN }));
    for (const name of ["acme", "globex", "initech"]) {
      await exec(process.execPath, [sluice, "sources", "add", name, "--manifest", join(dir, "manifest.json"), "--config", join(dir, "config.json")], { cwd: root, env: { ...process.env, ...home } });
    }
    const expectRows = (out: string) => {
      if (!out.includes("initech")) throw new Error(`sluice sources list did not list the 3 sources: ${out}`);
    };
    const list = await timeNode([sluice, "sources", "list"], home, expectRows);
    const show = await timeNode([sluice, "sources", "show", "acme"], home, (out) => {
      if (!out.includes('"api_key": "****"')) throw new Error(`sluice sources show printed no masked secret: ${out}`);
    });
    const read = await timeNode([sluice, "read", "--source", "acme"], home, (out) => {
      const records = out.split("\n").filter((line) => line.includes('"type":"RECORD"')).length;
      if (records !== 50) throw new Error(`sluice read --source printed ${records} records, expected 50`);
    });
    const open = await timeNode(["--liftoff-only", "--input-type=module", "-e", OPEN_ONLY], home, () => {});
    const freshHome = { SLUICE_HOME: join(dir, "fresh") };
    const fresh = await timeNode([sluice, "sources", "list"], freshHome, (out) => {
      if (!out.startsWith("No sources yet")) throw new Error(`a new store was not empty: ${out}`);
    }, () => rmSync(freshHome.SLUICE_HOME, { recursive: true, force: true }));
    const metric = (name: string, t: Timing): Metric[] => [
      { name: `sources.${name}.median`, value: Math.round(t.median), unit: "ms" },
      { name: `sources.${name}.fastest`, value: Math.round(t.min), unit: "ms" },
    ];
    return [...metric("list", list), ...metric("list_new_store", fresh), ...metric("show", show), ...metric("read_source_one_page", read), ...metric("pglite_open_close_floor", open)];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
