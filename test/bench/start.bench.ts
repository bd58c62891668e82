/**
 * Start (issue 40): what a `sluice` command costs before it does anything, against `node -e 0` on the
 * same machine. On the Airbyte platform every spec, check and discover is a new container paying this
 * start. The built CLI is run as the platform runs it (`bin/sluice.js` executed, its `#!` line included)
 * on the demo connector (examples/demo/manifest.yaml, YAML, 11 streams) against the demo API on loopback.
 *
 * Runs alternate (`node -e 0`, then the command, RUNS times), so a busy machine slows both alike; each
 * ratio is the median of the pairs' ratios. Goals: wall time within 3x of `node -e 0`, peak memory
 * within 1.5x. Builds dist/ first. SLUICE_BENCH_BIN=<another checkout>/bin/sluice.js measures that one
 * (built by its own `npm run build`) instead; SLUICE_BENCH_RUNS sets the pairs per command (default 9).
 *
 * @example
 * npm run bench -- start
 * node --import tsx test/bench/start.bench.ts      # the same, printed one metric a line
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { median, significant, type Metric } from "./support/measure.js";
import { measuredRun, type MeasuredRun } from "./support/measured-run.js";
import { buildDist } from "./support/built-library.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The `sluice` under test: this checkout's, or another built checkout's `bin/sluice.js` to compare versions. */
const BIN = process.env.SLUICE_BENCH_BIN ?? join(root, "bin", "sluice.js");
const MANIFEST = join(root, "examples", "demo", "manifest.yaml");
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 9);

/** One command measured against `node -e 0` in alternating runs. */
interface Pairs {
  node: MeasuredRun[];
  sluice: MeasuredRun[];
}

async function alternate(args: string[], check: (run: MeasuredRun) => void): Promise<Pairs> {
  const pairs: Pairs = { node: [], sluice: [] };
  for (let i = 0; i < RUNS + 1; i++) {
    const node = await measuredRun("node", ["-e", "0"]);
    const sluice = await measuredRun(BIN, args, { cwd: root, keepStdout: true });
    check(sluice);
    // The first pair warms the file cache; it does not count.
    if (i === 0) continue;
    pairs.node.push(node);
    pairs.sluice.push(sluice);
  }
  return pairs;
}

function metrics(name: string, pairs: Pairs): Metric[] {
  const ratio = (pick: (run: MeasuredRun) => number) => significant(median(pairs.sluice.map((run, i) => pick(run) / pick(pairs.node[i]!))));
  return [
    { name: `start.${name}.wall.median`, value: Math.round(median(pairs.sluice.map((r) => r.wallMs))), unit: "ms" },
    { name: `start.${name}.wall.vs_node`, value: ratio((r) => r.wallMs), unit: "x node -e 0 (goal <= 3)" },
    { name: `start.${name}.peak_rss.median`, value: significant(median(pairs.sluice.map((r) => r.peakRssMib))), unit: "MiB" },
    { name: `start.${name}.peak_rss.vs_node`, value: ratio((r) => r.peakRssMib), unit: "x node -e 0 (goal <= 1.5)" },
  ];
}

function expectMessage(type: string): (run: MeasuredRun) => void {
  return (run) => {
    if (!run.stdout.split("\n").some((line) => line.startsWith(`{"type":"${type}"`))) throw new Error(`no ${type} message in: ${run.stdout.slice(0, 300)}`);
  };
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  await buildDist();
  const api = await startDemoApi();
  const dir = mkdtempSync(join(tmpdir(), "sluice-start-bench-"));
  try {
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify(demoConfig(api.url)));
    const node = await measuredRun("node", ["-e", "0"]);
    const results: Metric[] = [
      { name: "start.node_e_0.wall.once", value: Math.round(node.wallMs), unit: "ms" },
      { name: "start.node_e_0.peak_rss.once", value: significant(node.peakRssMib), unit: "MiB" },
    ];
    results.push(...metrics("help", await alternate(["--help"], (run) => {
      if (!run.stdout.includes("usage: sluice")) throw new Error("sluice --help printed no usage");
    })));
    results.push(...metrics("spec", await alternate(["spec", "--manifest", MANIFEST], expectMessage("SPEC"))));
    results.push(...metrics("check", await alternate(["check", "--manifest", MANIFEST, "--config", config], expectMessage("CONNECTION_STATUS"))));
    results.push(...metrics("discover", await alternate(["discover", "--manifest", MANIFEST, "--config", config], expectMessage("CATALOG"))));
    return results;
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
