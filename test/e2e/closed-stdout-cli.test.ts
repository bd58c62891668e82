import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { BIN } from "../support/run-sluice.js";

const PAGE_SIZE = 200;

/** One request the API saw: its page, and whether the client closed it before it was answered. */
interface SeenPage {
  page: number;
  abandoned: boolean;
}

/**
 * An endless paginated API: page 1 at once; page 2 once the test has closed the reader's end of the pipe
 * (so the records of page 2 are written into a closed pipe); page 3 and later never answered.
 */
class EndlessApi {
  readonly pages: SeenPage[] = [];
  private server?: Server;
  private releasePage2 = () => undefined as void;
  private page2 = new Promise<void>((resolve) => (this.releasePage2 = resolve));
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? "1");
      const seen: SeenPage = { page, abandoned: false };
      this.pages.push(seen);
      res.on("close", () => (seen.abandoned = !res.writableFinished));
      const answer = () => {
        const data = Array.from({ length: PAGE_SIZE }, (_, i) => ({ id: (page - 1) * PAGE_SIZE + i, text: "a record long enough to fill a pipe".repeat(2) }));
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data }));
      };
      if (page === 1) answer();
      else if (page === 2) void this.page2.then(answer);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The reader has gone: page 2 may be answered now. */
  readerClosed(): void {
    this.releasePage2();
  }

  reset(): void {
    this.pages.length = 0;
    this.page2 = new Promise<void>((resolve) => (this.releasePage2 = resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}

/** What a process whose stdout was closed early did. */
interface ClosedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  linesRead: string[];
  ms: number;
}

/**
 * Runs `sluice args` and closes the reading end of its stdout pipe after `lines` lines (0: before the
 * process wrote anything), as `| head -n` does; resolves when the process has exited.
 */
function runClosingStdout(args: string[], cwd: string, lines: number, env: Record<string, string> = {}, onClosed = () => undefined as void): Promise<ClosedRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  let text = "";
  const linesRead: string[] = [];
  const close = () => {
    child.stdout!.destroy();
    onClosed();
  };
  if (lines === 0) close();
  else {
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk;
      const got = text.split("\n").slice(0, -1);
      if (got.length >= lines && !child.stdout!.destroyed) {
        linesRead.push(...got.slice(0, lines));
        close();
      }
    });
  }
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stderr, linesRead, ms: performance.now() - started }));
  });
}

/** Runs a bash command line; resolves with its exit status and output. */
function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("a closed stdout (sluice ... | head)", () => {
  const api = new EndlessApi();
  let dir: string;
  before(async () => {
    await api.start();
    dir = mkdtempSync(join(tmpdir(), "sluice-epipe-"));
    const paginator = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "PageIncrement", page_size: PAGE_SIZE, start_from_page: 1 },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
    };
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(oneStreamManifest({ urlBase: api.url, paginator })));
    writeFileSync(join(dir, "config.json"), "{}");
    writeFileSync(join(dir, "context.json"), "{}");
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sluice read | head -3: the read stops quietly (exit 0, nothing on stderr), aborts its request in flight and sends no more", async () => {
    api.reset();
    const run = await runClosingStdout(["read", "--manifest", "manifest.json", "--config", "config.json"], dir, 3, {}, () => api.readerClosed());
    assert.equal(run.linesRead.length, 3);
    assert.deepEqual([run.code, run.signal, run.stderr], [0, null, ""]);
    // Page 3 may have been asked for before the closed pipe was noticed (read-ahead), but never answered:
    // the process could only exit because that request was aborted. No page after it was ever asked for.
    const pages = api.pages.map((p) => p.page);
    assert.ok(pages.includes(2), `pages asked: ${pages.join(", ")}`);
    assert.ok(pages.every((page) => page <= 3), `pages asked after the pipe closed: ${pages.join(", ")}`);
    for (const seen of api.pages.filter((p) => p.page === 3)) assert.ok(seen.abandoned, "the request in flight was not aborted");
  });

  it("with --log-level debug, one line on stderr says why the read stopped; the exit code is still 0", async () => {
    api.reset();
    const run = await runClosingStdout(["read", "--manifest", "manifest.json", "--config", "config.json", "--log-level", "debug"], dir, 3, {}, () => api.readerClosed());
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /sluice read: stdout was closed by its reader \(EPIPE\); stopped quietly, exit code 0/);
    assert.ok(!/EPIPE\n\s+at |Unhandled 'error'/.test(run.stderr), run.stderr);
  });

  const repo = join(import.meta.dirname, "..", "..");
  const commands: Array<[string, string[], Record<string, string>?, string?]> = [
    ["spec", ["spec", "--manifest", "manifest.json"]],
    ["check", ["check", "--manifest", "manifest.json", "--config", "config.json"]],
    ["discover", ["discover", "--manifest", "manifest.json", "--config", "config.json"]],
    ["schema", ["schema"]],
    ["test-read", ["test-read", "--manifest", "manifest.json", "--config", "config.json", "--stream", "items", "--pages", "1"]],
    ["init", ["init", "scaffolded", "--auth", "bearer", "--pagination", "offset", "--url", "https://api.example.com"]],
    ["eval", ["eval", "{{ 1 + 1 }}", "--context", "context.json"]],
    ["validate", ["validate", "--manifest", "manifest.json"]],
    ["validate --json", ["validate", "--manifest", "manifest.json", "--json"]],
    ["--help", ["read", "--help"]],
    ["--version", ["--version"]],
    ["image --dry-run", ["image", "examples/demo", "--dry-run"], {}, repo],
    ["sources list", ["sources", "list"], { SLUICE_HOME: "sluice-home", SLUICE_SECRET_KEY: Buffer.alloc(32, 7).toString("base64") }],
  ];
  for (const [name, args, env, cwd] of commands) {
    it(`sluice ${name} with its stdout closed before it writes: exit 0, nothing on stderr`, async () => {
      api.reset();
      api.readerClosed();
      const run = await runClosingStdout(args, cwd ?? dir, 0, env);
      // The source store's first-use notice comes before any write to stdout, so before the closed pipe can be noticed.
      const stderr = run.stderr.replace(/^sluice: creating the source store in \S+ \(first use, a few seconds\)\n/, "");
      assert.deepEqual([run.code, run.signal, stderr], [0, null, ""]);
    });
  }

  it("sluice schema | head -1 in a bash pipeline with pipefail: the first line, nothing on stderr, exit status 0", async () => {
    const run = await bash(`set -o pipefail; "${process.execPath}" "${BIN}" schema | head -1`);
    assert.deepEqual([run.stdout, run.stderr, run.code], ["{\n", "", 0]);
  });

  it("a write that fails for another reason (a full disk) is an error: exit 1 with the reason on stderr", async () => {
    const run = await bash(`"${process.execPath}" "${BIN}" schema > /dev/full`);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /sluice schema: could not write to stdout \(ENOSPC\); stopped/);
  });
});
