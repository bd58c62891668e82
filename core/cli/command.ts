/** Where a command writes: stdout carries Airbyte protocol messages (or a command's result), stderr carries human logs. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** True when stdin and stdout are a terminal (a person is typing). */
  interactive: boolean;
  /** What the person types, for commands that ask (`sluice init`); absent when nobody can answer. */
  stdin?: NodeJS.ReadableStream;
  /**
   * Aborted when the process is interrupted (Ctrl-C, SIGTERM) or stdout can no longer be written
   * (its reader went away): a read stops its requests and ends.
   */
  signal?: AbortSignal;
  /**
   * Aborted, with a `StdoutClosed` reason, when stdout can no longer be written: its reader went away
   * (`sluice read | head -3`), or a write failed. The command then ends quietly (nothing more on stderr).
   */
  stdoutClosed?: AbortSignal;
}

/** The parsed flags and positionals of one invocation. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/**
 * One flag a command takes. `sluice <command> --help` lists every declared flag with its description,
 * and the CLI checks a value against `choices` or `number` before the command runs, so a command (and
 * a flag another command adds later) gets its help and its validation by declaring it.
 *
 * @example
 * "log-level": { type: "string", value: "LEVEL", choices: ["debug", "info", "warn", "error"], description: "how much to log (default info)" }
 * "max-pages": { type: "string", value: "N", number: { integer: true, min: 1 }, description: "read at most N pages per stream" }
 */
export interface CliOption {
  readonly type: "string" | "boolean";
  readonly short?: string;
  readonly multiple?: boolean;
  /** One line for `--help`: what the flag does, and its default. */
  readonly description: string;
  /** The value's name in `--help` (`FILE`, `N`); default `VALUE`. */
  readonly value?: string;
  /** The only values accepted. */
  readonly choices?: readonly string[];
  /** The value must be a number (seconds, a count), optionally a whole one, at least `min`. */
  readonly number?: { readonly integer?: boolean; readonly min?: number };
}

/** A command's flags by name (without the leading `--`). */
export type CliOptions = Readonly<Record<string, CliOption>>;

/**
 * One `sluice` sub-command, in its own file under `core/cli/commands/`. A command maps its flags onto
 * the library API and calls it; it holds no logic a host would have to copy. Its name and summary are
 * declared once, in `core/cli/commands/index.ts` (which `sluice --help` reads without loading it).
 *
 * @example
 * export const command: CliCommand = {
 *   usage: "sluice spec [--manifest M]",
 *   options: { manifest: { type: "string", value: "FILE", description: "the manifest file" } },
 *   async run(args, io) { ...; return 0; },
 * };
 */
export interface CliCommand {
  readonly usage: string;
  readonly options: CliOptions;
  /** Whether positionals are accepted (default false). */
  readonly allowPositionals?: boolean;
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}
