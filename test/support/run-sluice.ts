import { spawn } from "node:child_process";
import { join } from "node:path";
import { assertProtocolOutput } from "./protocol-schema.js";

/** The `sluice` command of this checkout (bin/sluice.js, which runs dist/). */
export const BIN = join(import.meta.dirname, "..", "..", "bin", "sluice.js");
const PROTOCOL_COMMANDS = new Set(["spec", "check", "discover", "read"]);

/** What one `sluice` process printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  messages: Array<Record<string, any>>;
}

/** How to start it: extra environment variables (the platform's), or a whole command line for a shell. */
export interface RunOptions {
  env?: Record<string, string>;
}

/**
 * Runs the built `sluice` CLI (bin/sluice.js -> dist/) as a separate process. The stdout of a protocol
 * command (spec, check, discover, read) must be Airbyte messages only, each valid against the protocol's
 * JSON Schema: otherwise the returned promise rejects, so every test that runs the CLI checks conformance.
 *
 * @example
 * const run = await runSluice(["read", "--config", "config.json"], dir);
 */
export function runSluice(args: string[], cwd: string, options: RunOptions = {}): Promise<CliRun> {
  return collect(spawn(process.execPath, [BIN, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...options.env } }), PROTOCOL_COMMANDS.has(args[0] ?? "") && !args.includes("--help") && !args.includes("-h"));
}

/** Runs a shell command line (as the Airbyte platform runs `eval "$AIRBYTE_ENTRYPOINT read ..."`), checked the same way. */
export function runShell(script: string, cwd: string, env: Record<string, string>, protocol = true): Promise<CliRun> {
  return collect(spawn("sh", ["-c", script], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "", ...env } }), protocol);
}

function collect(child: ReturnType<typeof spawn>, protocol: boolean): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        const messages = protocol ? assertProtocolOutput(stdout) : stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
        resolve({ code: code ?? -1, stdout, stderr, messages });
      } catch (error) {
        reject(new Error(`${(error as Error).message}\n(stderr: ${stderr.slice(0, 500)})`));
      }
    });
  });
}
