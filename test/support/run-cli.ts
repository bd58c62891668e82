import { main } from "../../core/cli/main.js";

/** What one in-process `sluice` invocation printed. */
export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `sluice` CLI in this process (`main()` with captured output), in `cwd`; `interactive`
 * pretends a terminal. Faster than a child process for commands that print a document.
 *
 * @example
 * const { code, stdout } = await runCli(["test-read", "--stream", "users", "--json"], dir);
 */
export async function runCli(args: string[], cwd: string, options: { interactive?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<CliOutput> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd,
    interactive: options.interactive ?? false,
  });
  return { code, stdout, stderr };
}
