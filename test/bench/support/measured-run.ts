/**
 * Runs a command as a separate process and measures it from outside: wall time from spawn to exit, its
 * peak resident memory and CPU time (reported by the preload support/exit-usage.mjs when it exits) and its
 * stdout, read through a pipe as the Airbyte platform reads it (counted line by line, or kept for a check).
 *
 * @example
 * const run = await measuredRun(process.execPath, ["-e", "0"]);
 * // { wallMs: 41.2, peakRssMib: 39.4, cpuSeconds: 0.04, stdoutLines: 0, stdout: "" }
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const PRELOAD = pathToFileURL(join(import.meta.dirname, "exit-usage.mjs")).href;

/** What one measured run gives. */
export interface MeasuredRun {
  wallMs: number;
  peakRssMib: number;
  /** CPU time, user + system, all of the process's threads. */
  cpuSeconds: number;
  /** Lines written to stdout. */
  stdoutLines: number;
  /** Stdout itself, when `keepStdout` (a read of a million records is only counted). */
  stdout: string;
}

/** Options of {@link measuredRun}. */
export interface MeasuredRunOptions {
  cwd?: string;
  env?: Record<string, string>;
  keepStdout?: boolean;
}

/** Spawns `command args` with the exit-usage preload and resolves when it exits with code 0. */
export async function measuredRun(command: string, args: readonly string[], options: MeasuredRunOptions = {}): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), "sluice-bench-usage-"));
  const usageFile = join(dir, "usage");
  try {
    const env = { ...process.env, ...options.env, NODE_OPTIONS: `--import=${PRELOAD}`, SLUICE_BENCH_EXIT_USAGE: usageFile };
    const start = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdoutLines = 0;
    const kept: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (options.keepStdout) kept.push(chunk);
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) stdoutLines++;
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    const wallMs = performance.now() - start;
    if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}: ${stderr.slice(0, 500)}`);
    const [peakKib, cpuMicros] = (readFileSync(usageFile, "utf8").trim().split("\n").at(-1) ?? "").split(" ").map(Number);
    return { wallMs, peakRssMib: peakKib! / 1024, cpuSeconds: cpuMicros! / 1e6, stdoutLines, stdout: Buffer.concat(kept).toString() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
