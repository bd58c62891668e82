import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { answerConsent } from "../e2e/oauth-consent-user.js";
import { runCli } from "../support/run-cli.js";
import type { DocBlock } from "./doc-blocks.js";
import { normalizeOutput } from "./doc-blocks.js";

const ROOT = resolve(import.meta.dirname, "../..");
/** The demo API's port as the docs write it; a block's 4010 is replaced by the port the test's demo API has. */
const DOC_PORT = "4010";

/** What a shell block printed and how it ended. */
export interface ShellRun {
  code: number;
  output: string;
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * The shell of one page: blocks run one after the other with `sh`, in the page's folder (a `cd` carries
 * over to the next block, as in a terminal), with `sluice` and `npx sluice` running this checkout's built CLI,
 * HOME and SLUICE_HOME inside the folder, and the demo API's port 4010 replaced by `demoPort`.
 *
 * @example
 * const shell = new DocShell(folder, demo.port);
 * const { code, output } = await shell.run(block);
 */
export class DocShell {
  private cwd: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly background: ChildProcess[] = [];

  constructor(
    private readonly folder: string,
    private demoPort: number,
  ) {
    this.cwd = folder;
    const bin = join(folder, ".bin");
    mkdirSync(bin, { recursive: true });
    // The built CLI (bin/sluice.js, which runs dist/; `npm test` builds first), as users run it.
    const cli = `"${process.execPath}" "${join(ROOT, "bin/sluice.js")}"`;
    writeFileSync(join(bin, "sluice"), `#!/bin/sh\nexec ${cli} "$@"\n`);
    // `npx sluice` in a project that installed Sluice runs its bin; here that is this checkout's CLI.
    writeFileSync(join(bin, "npx"), `#!/bin/sh\n[ "$1" = sluice ] || { echo "docs test: only npx sluice runs here" >&2; exit 127; }\nshift\nexec ${cli} "$@"\n`);
    for (const name of ["sluice", "npx"]) chmodSync(join(bin, name), 0o755);
    this.env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: folder, SLUICE_HOME: join(folder, ".sluice"), NO_COLOR: "1", FORCE_COLOR: "0", EDITOR: "true" };
  }

  /** `text` with the docs' demo API port replaced by the running one's. */
  localize(text: string): string {
    return text.replaceAll(DOC_PORT, String(this.demoPort));
  }

  /** Runs a shell block (its hidden `setup:` first) and returns its stdout and exit code. */
  async run(block: DocBlock): Promise<ShellRun> {
    const script = `${block.marker.setup ? `${block.marker.setup}\n` : ""}${this.localize(block.text)}`;
    const marker = "__SLUICE_DOCS_CWD__";
    if (block.marker.inRepo) this.linkRepository();
    const cwd = block.marker.inRepo ? this.folder : this.cwd;
    const result = await new Promise<ShellRun & { cwd: string }>((done) => {
      // `set -e`: a failing command fails the block, as a reader would notice it.
      const child = spawn("sh", ["-c", `set -e\n${script}\necho "${marker}$(pwd)"`], { cwd, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      let errors = "";
      const consents: Array<Promise<unknown>> = [];
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => {
        errors += chunk;
        // The user at the browser: each consent URL the command prints is opened and allowed.
        if (block.marker.consent) for (const url of String(chunk).match(/^https?:\/\/\S+$/gm) ?? []) consents.push(answerConsent(url, "allow").catch((error: Error) => (errors += `\n(consent: ${error.message})`)));
      });
      child.on("close", async (code) => {
        await Promise.all(consents);
        const at = output.lastIndexOf(marker);
        const ended = at >= 0 ? output.slice(at + marker.length).trim() : cwd;
        done({ code: code ?? -1, output: at >= 0 ? output.slice(0, at) : `${output}${errors ? `\n--- stderr:\n${errors}` : ""}`, cwd: ended });
      });
    });
    if (!block.marker.inRepo) this.cwd = result.cwd;
    return { code: result.code, output: result.output };
  }

  /**
   * Starts a block that keeps running (a server) on a free port in place of 4010, waits for its first
   * line of output, and makes later blocks use that port; it is stopped by {@link close}.
   */
  async start(block: DocBlock): Promise<void> {
    this.demoPort = await freePort();
    const child = spawn("sh", ["-c", `exec ${this.localize(block.text).trim()}`], { cwd: block.marker.inRepo ? (this.linkRepository(), this.folder) : this.cwd, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    this.background.push(child);
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk));
    await new Promise<void>((ready, fail) => {
      child.stdout!.once("data", () => ready());
      child.once("exit", (code) => fail(new Error(`it exited (code ${code}) before printing that it was ready:\n${errors}`)));
    });
  }

  /**
   * Links the repository's top-level files and folders into the page's folder, so a block written for the
   * repository root (`node --import tsx examples/...`) runs there beside the page's own files, and writes
   * nothing into the repository.
   */
  private linkRepository(): void {
    for (const name of readdirSync(ROOT)) {
      if (name !== ".git" && !existsSync(join(this.folder, name))) symlinkSync(join(ROOT, name), join(this.folder, name));
    }
  }

  /** Stops what {@link start} started. */
  close(): void {
    for (const child of this.background) child.kill();
  }
}

/**
 * What is wrong with a shell block's output against the output the page shows: every line shown
 * (except lines with `…`, which stand for omitted text) must be printed, in order. Empty: it matches.
 *
 * @example
 * outputMismatch("20 records\n", "Page 1\n20 records\n") // undefined
 */
export function outputMismatch(shown: string, printed: string): string | undefined {
  const actual = normalizeOutput(printed);
  let from = 0;
  for (const line of normalizeOutput(shown).split("\n").filter((l) => l.trim() && !l.includes("…"))) {
    const at = actual.indexOf(line, from);
    if (at < 0) return `the page shows a line the command did not print (in order):\n  ${line}\n--- printed:\n${printed}`;
    from = at + line.length;
  }
  return undefined;
}

/**
 * Checks a block of command forms (`sluice read --config C [--state S]`): every `sluice` command in it
 * exists and every `--flag` it shows is one its `--help` lists. Returns what is wrong.
 *
 * @example
 * await synopsisProblems("sluice read --config c.json [--stat s.json]\n") // ["sluice read has no flag --stat ..."]
 */
export async function synopsisProblems(text: string): Promise<string[]> {
  const problems: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s#.*$/, "").replace(/^\$\s+/, "").replace(/^npx\s+/, "").trim();
    if (!line) continue;
    const words = /^sluice\s+([a-z-]+)/.exec(line);
    if (!words) {
      problems.push(`not a sluice command form: ${raw}`);
      continue;
    }
    const help = await runCli([words[1]!, "--help"], ROOT);
    if (help.code !== 0) {
      problems.push(`sluice ${words[1]} --help failed (${help.code}): ${help.stderr}`);
      continue;
    }
    for (const flag of line.match(/(?<![\w-])--[a-z][a-z-]*/g) ?? []) {
      if (!new RegExp(`(^|[\\s,|])${flag}(?![\\w-])`, "m").test(help.stdout)) problems.push(`sluice ${words[1]} has no flag ${flag} (its --help lists:\n${help.stdout})`);
    }
  }
  return problems;
}

/**
 * The commands of a `console` block (lines starting with `$ `) with the output shown under each.
 *
 * @example
 * consoleSteps("$ sluice eval '{{ 1 + 1 }}'\n2\n") // [{ command: "sluice eval '{{ 1 + 1 }}'", output: "2\n" }]
 */
export function consoleSteps(text: string): Array<{ command: string; output: string }> {
  const steps: Array<{ command: string; output: string }> = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: "" });
    else if (steps.length) steps.at(-1)!.output += `${line}\n`;
    else if (line.trim()) throw new Error(`a console block starts with a "$ " command line, found: ${line}`);
  }
  return steps;
}
