/**
 * How a benchmark run is shown and stored: a plain-text table for the terminal and a JSON document
 * (machine, Node version, every module's metrics) for comparing runs.
 *
 * @example
 * console.log(formatTable(results));
 * writeFileSync(`test/bench/results/${fileStamp(new Date())}.json`, JSON.stringify(resultsDocument(results, machineInfo(), start, end), null, 2));
 */
import { readFileSync } from "node:fs";
import { availableParallelism, totalmem } from "node:os";
import type { Metric } from "./measure.js";

/** What one benchmark module produced. */
export interface ModuleResult {
  /** The module's file name, e.g. `throughput.bench.ts`. */
  module: string;
  seconds: number;
  metrics: Metric[];
  /** Set when the module threw; its metrics are then those it returned before (none). */
  error?: string;
}

/** The machine a run was made on. */
export interface MachineInfo {
  node: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  platform: string;
}

/** Node's version, the CPU model from /proc/cpuinfo (or "unknown"), the cores and the memory. */
export function machineInfo(): MachineInfo {
  let cpu = "unknown";
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {
    // Not Linux: the model stays unknown.
  }
  return { node: process.version, cpu, cores: availableParallelism(), memoryGb: Math.round(totalmem() / 2 ** 30), platform: `${process.platform}-${process.arch}` };
}

/** A value as the table shows it: thousands separated, at most three decimals. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 2 : 3;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** The terminal table: one block per module, the metric name, the value right-aligned, the unit. */
export function formatTable(results: readonly ModuleResult[]): string {
  const rows = results.flatMap((r) => r.metrics.map((m) => [m.name, formatValue(m.value), m.unit] as const));
  const nameWidth = Math.max(6, ...rows.map((r) => r[0].length));
  const valueWidth = Math.max(5, ...rows.map((r) => r[1].length));
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.module} (${result.seconds.toFixed(1)} s)${result.error ? `  FAILED: ${result.error}` : ""}`);
    for (const m of result.metrics) lines.push(`  ${m.name.padEnd(nameWidth)}  ${formatValue(m.value).padStart(valueWidth)}  ${m.unit}`);
  }
  return lines.join("\n");
}

/** The JSON document of a run. */
export function resultsDocument(results: readonly ModuleResult[], machine: MachineInfo, started: Date, finished: Date) {
  return {
    startedAt: started.toISOString(),
    seconds: Number(((finished.getTime() - started.getTime()) / 1000).toFixed(1)),
    machine,
    modules: results.map((r) => ({ module: r.module, seconds: Number(r.seconds.toFixed(2)), ...(r.error ? { error: r.error } : {}), metrics: r.metrics })),
  };
}

/** A file-name-safe timestamp, `2024-05-01T12-30-00Z`. */
export function fileStamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
}
