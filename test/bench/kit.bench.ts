/**
 * Side by side with the Python kit (issue 40), only with `npm run bench -- --kit`: the same 100,000-record
 * read (pages of 100, OffsetIncrement, Bearer auth, the page server in its own process) by the kit's
 * `source-declarative-manifest read --manifest-path` and by `sluice read`, each started by one python3
 * wrapper that reports the child's CPU time and peak memory (`resource.getrusage(RUSAGE_CHILDREN)`), so
 * both are measured the same way; their stdout is counted through a pipe. Alternating runs, medians.
 * Without the kit on PATH it says how to install it and measures nothing (CI does not need it).
 *
 * @example
 * npm run bench -- --kit kit      # only this module
 */
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, significant, type Metric } from "./support/measure.js";
import { BENCH_TOKEN } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { benchManifest } from "./support/readers.js";

const KIT = "source-declarative-manifest";
const RECORDS = 100_000;
const RUNS = 3;
const BIN = fileURLToPath(new URL("../../bin/sluice.js", import.meta.url));
const INSTALL = `${KIT} is not on PATH. Install the Python kit (Python 3.10+) to compare with it, for example:
  pipx install airbyte-cdk            # puts ${KIT} on PATH
  # or: python3 -m venv ~/kit && ~/kit/bin/pip install airbyte-cdk && export PATH="$HOME/kit/bin:$PATH"
then run: npm run bench -- --kit kit\n`;

// Runs argv[1:] and prints the child's CPU seconds and peak RSS (KiB on Linux) as JSON on stderr's last line.
const WRAPPER = "import json,resource,subprocess,sys;c=subprocess.run(sys.argv[1:]).returncode;u=resource.getrusage(resource.RUSAGE_CHILDREN);print(json.dumps({'code':c,'cpu':u.ru_utime+u.ru_stime,'maxrss':u.ru_maxrss}),file=sys.stderr)";

/** An executable named `name` on PATH, if any. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

interface KitRun {
  lines: number;
  cpuSeconds: number;
  peakRssMib: number;
}

/** Runs one reader under the python3 wrapper. */
async function wrapped(argv: string[]): Promise<KitRun> {
  const child = spawn("python3", ["-c", WRAPPER, ...argv], { stdio: ["ignore", "pipe", "pipe"] });
  let lines = 0;
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise((resolve) => child.once("close", resolve));
  const usage = JSON.parse(stderr.trim().split("\n").at(-1) ?? "{}") as { code?: number; cpu: number; maxrss: number };
  if (usage.code !== 0) throw new Error(`${argv.join(" ")} failed: ${stderr.slice(-500)}`);
  return { lines, cpuSeconds: usage.cpu, peakRssMib: usage.maxrss / 1024 };
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const kit = onPath(KIT);
  if (!kit) {
    process.stderr.write(INSTALL);
    return [{ name: "kit.found", value: 0, unit: `(${KIT} not on PATH; see above)` }];
  }
  const server = await startPageServerProcess({ total: RECORDS });
  const dir = mkdtempSync(join(tmpdir(), "sluice-kit-bench-"));
  try {
    const manifest = join(dir, "manifest.json");
    const config = join(dir, "config.json");
    const catalog = join(dir, "catalog.json");
    writeFileSync(manifest, JSON.stringify(benchManifest(server.url, "offset")));
    writeFileSync(config, JSON.stringify({ api_key: BENCH_TOKEN }));
    const stream = { name: "items", json_schema: { type: "object" }, supported_sync_modes: ["full_refresh"] };
    writeFileSync(catalog, JSON.stringify({ streams: [{ stream, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }] }));
    const kits: KitRun[] = [];
    const sluices: KitRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      kits.push(await wrapped([kit, "read", "--config", config, "--catalog", catalog, "--manifest-path", manifest]));
      sluices.push(await wrapped([BIN, "read", "--manifest", manifest, "--config", config, "--catalog", catalog]));
    }
    for (const r of [...kits, ...sluices]) if (r.lines < RECORDS) throw new Error(`a reader wrote ${r.lines} lines, expected at least ${RECORDS}`);
    const perCpu = (runs: KitRun[]) => median(runs.map((r) => RECORDS / r.cpuSeconds));
    return [
      { name: "kit.read_100k.cpu", value: significant(median(kits.map((r) => r.cpuSeconds))), unit: "s" },
      { name: "kit.read_100k.peak_rss", value: significant(median(kits.map((r) => r.peakRssMib))), unit: "MiB" },
      { name: "kit.sluice_read_100k.cpu", value: significant(median(sluices.map((r) => r.cpuSeconds))), unit: "s" },
      { name: "kit.sluice_read_100k.peak_rss", value: significant(median(sluices.map((r) => r.peakRssMib))), unit: "MiB" },
      { name: "kit.records_per_cpu_second.sluice_vs_kit", value: significant(perCpu(sluices) / perCpu(kits)), unit: "x (goal >= 6)" },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
