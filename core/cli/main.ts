import { Writable } from "node:stream";
import type { CliIO } from "./command.js";
import { commandHelp, parseCommandFlags } from "./command-flags.js";
import { commands } from "./commands/index.js";
import { StdoutClosed, watchStdout } from "./stdout-closed.js";

/**
 * The `sluice` command line: `sluice <command> [flags]`. Protocol commands (spec, check, discover, read)
 * print Airbyte messages on stdout, one JSON object per line, and human logs on stderr.
 *
 * @example
 * sluice read --manifest examples/demo/manifest.yaml --config secrets/config.json --stream users
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const code = await dispatch(argv, io);
  await stdoutSettled(io.stdout);
  const debug = argv.some((arg, i) => arg === "--log-level=debug" || (arg === "--log-level" && argv[i + 1] === "debug"));
  return io.stdoutClosed?.aborted ? afterStdoutClosed(io, commands.some((c) => c.name === argv[0]) ? `sluice ${argv[0]}` : "sluice", debug) : code;
}

async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io[name === undefined && !io.interactive ? "stderr" : "stdout"].write(usage());
    return name === undefined && !io.interactive ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    io.stdout.write(`${await version()}\n`);
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(`sluice: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(commandHelp(entry, command));
    return 0;
  }
  const parsed = parseCommandFlags(command, rest);
  if ("error" in parsed) {
    io.stderr.write(`sluice ${name}: ${parsed.error}\nusage: ${command.usage}\n\`sluice ${name} --help\` lists every flag.\n`);
    return 2;
  }
  return command.run(parsed.args, io);
}

/**
 * The exit code of a command whose stdout closed under it. A reader that went away (`sluice read | head -3`,
 * a pager quit) chose to stop: exit 0, nothing on stderr (one line with `--log-level debug`), as `head`'s
 * producers end in a pipeline. A failed write (a full disk) is a failure: exit 1 with its reason.
 */
function afterStdoutClosed(io: CliIO, who: string, debug: boolean): number {
  const reason = io.stdoutClosed?.reason;
  if (reason instanceof StdoutClosed && !reason.readerLeft) {
    io.stderr.write(`${who}: could not write to stdout (${reason.code}); stopped\n`);
    return 1;
  }
  if (debug) io.stderr.write(`${who}: stdout was closed by its reader (EPIPE); stopped quietly, exit code 0\n`);
  return 0;
}

/**
 * Waits until what the command wrote has reached stdout or failed: a write error (EPIPE, ENOSPC) is
 * reported after the write returned, so the exit code is decided only once it would have been seen.
 */
function stdoutSettled(stdout: CliIO["stdout"]): Promise<void> {
  if (!(stdout instanceof Writable)) return Promise.resolve();
  return new Promise((resolve) => (stdout as NodeJS.WritableStream).write("", () => setImmediate(resolve)));
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "sluice: run declarative HTTP API connectors (Airbyte manifest format)",
    "",
    "usage: sluice <command> [--manifest manifest.yaml] [--config config.json] [flags]",
    "",
    "commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Without --manifest, Sluice looks for sluice.config.*, .sluicerc* or manifest.yaml in this folder.",
    "`sluice <command> --help` shows a command's flags.",
    "",
  ].join("\n");
}

async function version(): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const pkg = JSON.parse(await readFile(new URL("../../../package.json", import.meta.url), "utf8").catch(() => readFile(new URL("../../package.json", import.meta.url), "utf8"))) as { version: string };
  return pkg.version;
}

/** Runs the CLI as a process: real stdio, exit code. */
export async function runProcess(): Promise<void> {
  const interrupted = new AbortController();
  let stoppedBy: NodeJS.Signals | undefined;
  // The first SIGINT (Ctrl-C) or SIGTERM stops the command: requests in flight are aborted, what was
  // read is written, each stream that was not finished ends INCOMPLETE. A second signal exits at once.
  // The exit code is 128 + the signal's number, as a process killed by it: 130 (SIGINT), 143 (SIGTERM).
  const onSignal = (name: NodeJS.Signals) => () => {
    if (interrupted.signal.aborted) process.exit(SIGNAL_EXIT_CODES[name]);
    stoppedBy = name;
    interrupted.abort(new Error(`interrupted by ${name}`));
  };
  process.on("SIGINT", onSignal("SIGINT"));
  process.on("SIGTERM", onSignal("SIGTERM"));
  // A reader that goes away (`| head`) stops the command like Ctrl-C does: requests in flight aborted, none started.
  const stdoutClosed = watchStdout(process.stdout);
  // A closed stderr leaves nobody to tell: its EPIPE must not crash the command.
  process.stderr.on("error", () => undefined);
  const signal = AbortSignal.any([interrupted.signal, stdoutClosed]);
  const io: CliIO = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    // stdout first: a command whose output goes to a pipe or a file never opens stdin to ask this.
    interactive: Boolean(process.stdout.isTTY && process.stdin.isTTY),
    signal,
    stdoutClosed,
    // Made when a command reads it (`sluice init` asking): reading `process.stdin` opens a stream on fd 0.
    get stdin() {
      return process.stdin;
    },
  };
  try {
    process.exitCode = await main(process.argv.slice(2), io);
  } catch (error) {
    process.stderr.write(`sluice: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
  if (stoppedBy && !commands.find((c) => c.name === process.argv[2])?.servesUntilStopped) process.exitCode = SIGNAL_EXIT_CODES[stoppedBy];
}

/** The exit code of a command stopped by a signal: 128 + the signal's number. */
const SIGNAL_EXIT_CODES: Partial<Record<NodeJS.Signals, number>> & Record<"SIGINT" | "SIGTERM", number> = { SIGINT: 130, SIGTERM: 143 };

if (import.meta.url === `file://${process.argv[1]}`) await runProcess();
