import type { ParseArgsConfig } from "node:util";

/** Where a command writes: stdout carries Airbyte protocol messages (or a command's result), stderr carries human logs. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** True when stdin and stdout are a terminal (a person is typing). */
  interactive: boolean;
  /** What the person types, for commands that ask (`sluice init`); absent when nobody can answer. */
  stdin?: NodeJS.ReadableStream;
  /** Aborted when the process is interrupted (Ctrl-C, SIGTERM): a read stops its requests and ends. */
  signal?: AbortSignal;
}

/** The parsed flags and positionals of one invocation. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/**
 * One `sluice` sub-command, in its own file under `core/cli/commands/`. A command maps its flags onto
 * the library API and calls it; it holds no logic a host would have to copy.
 *
 * @example
 * export const specCommand: CliCommand = {
 *   name: "spec", summary: "Print the connector's spec as an Airbyte SPEC message",
 *   usage: "sluice spec [--manifest M]", options: { manifest: { type: "string" } },
 *   async run(args, io) { ...; return 0; },
 * };
 */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  /** Whether positionals are accepted (default false). */
  readonly allowPositionals?: boolean;
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}
