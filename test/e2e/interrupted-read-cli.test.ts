/**
 * A read stopped by SIGINT or SIGTERM is never reported COMPLETE: a real `sluice read` child process
 * against a loopback API gets the signal before the first page, in the middle of a stream, and between
 * two streams, and the last messages on stdout must say so (the stream INCOMPLETE with an error trace
 * saying it was interrupted, no final full-refresh STATE for it), with exit code 130 or 143.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { asyncJobsStream, startAsyncJobsApi, type AsyncJobsApi } from "../support/async-jobs-api.js";
import { nextPagePaginator } from "../support/latency-api.js";
import { assertProtocolOutput } from "../support/protocol-schema.js";
import { HoldingApi, PAGES, PER_PAGE } from "../support/holding-api.js";
import { BIN } from "../support/run-sluice.js";
import { streamDef } from "../support/manifest-builder.js";

type Message = Record<string, any>;
const status = (m: Message) => (m.type === "TRACE" && m.trace.type === "STREAM_STATUS" ? `${m.trace.stream_status.stream_descriptor.name} ${m.trace.stream_status.status}` : undefined);
const finalState = (m: Message, stream: string) => m.type === "STATE" && m.state.stream.stream_descriptor.name === stream && m.state.stream.stream_state.__ab_no_cursor_state_message === true;

/** Starts `sluice read`, sends `signal` once `ready` resolves, and collects what it printed. */
async function interrupted(args: string[], cwd: string, ready: () => Promise<void>, signal: NodeJS.Signals, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, "read", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  await ready();
  child.kill(signal);
  const code = await exited;
  return { code, messages: assertProtocolOutput(stdout) as Message[], stderr };
}

/** What every interrupted read must end with for `stream`: INCOMPLETE and an interrupted error trace, and never COMPLETE or its final state. */
function assertInterrupted(messages: Message[], stream: string): void {
  const statuses = messages.map(status).filter((s) => s?.startsWith(`${stream} `));
  assert.ok(!statuses.includes(`${stream} COMPLETE`), `${stream} was reported COMPLETE: ${statuses.join(", ")}`);
  assert.equal(statuses.at(-1), `${stream} INCOMPLETE`, `${stream} did not end INCOMPLETE: ${statuses.join(", ")}`);
  assert.ok(!messages.some((m) => finalState(m, stream)), `${stream} got the final full-refresh STATE`);
  const trace = messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR" && m.trace.error.stream_descriptor?.name === stream);
  assert.ok(trace, `no error trace for ${stream}`);
  assert.match(trace.trace.error.message, /READ_INTERRUPTED.*interrupted by SIG(INT|TERM)/s);
  assert.equal(trace.trace.error.failure_type, "transient_error");
}

describe("sluice read stopped by a signal", () => {
  let api: HoldingApi;
  let dir: string;
  before(async () => {
    api = await new HoldingApi().listen();
    dir = await mkdtemp(join(tmpdir(), "sluice-interrupted-"));
    const paged = { urlBase: api.url, fieldPath: ["data"], paginator: nextPagePaginator() };
    const manifest = { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["first"] }, streams: [streamDef({ ...paged, name: "first", path: "/first" }), streamDef({ ...paged, name: "second", path: "/second" })] };
    await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
    await writeFile(join(dir, "config.json"), "{}");
  });
  after(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  const read = ["--manifest", "manifest.json", "--config", "config.json", "--concurrency", "1"];
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} before the first page: the stream ends INCOMPLETE (interrupted), exit ${code}`, async () => {
      api.reset("first:1");
      const run = await interrupted(read, dir, () => api.until("first:1"), signal);
      assert.equal(run.code, code, run.stderr);
      assertInterrupted(run.messages, "first");
      assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 0);
      assert.ok(!run.messages.some((m) => status(m)?.startsWith("second ")), "the second stream was started after the signal");
    });

    it(`${signal} in the middle of a stream: the pages read are written, then INCOMPLETE without the final STATE, exit ${code}`, async () => {
      api.reset("first:4");
      const run = await interrupted(read, dir, () => api.until("first:4"), signal);
      assert.equal(run.code, code, run.stderr);
      assertInterrupted(run.messages, "first");
      assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 3 * PER_PAGE, "the three pages read before the stop were written");
      assert.ok(!run.messages.some((m) => m.type === "STATE"), "a STATE claimed work that was not finished");
    });

    it(`${signal} between two streams: the first is COMPLETE with its state, the second INCOMPLETE, exit ${code}`, async () => {
      api.reset("second:1");
      const run = await interrupted(read, dir, () => api.until("second:1"), signal);
      assert.equal(run.code, code, run.stderr);
      const first = run.messages.map(status).filter((s) => s?.startsWith("first "));
      assert.equal(first.at(-1), "first COMPLETE");
      assert.ok(run.messages.some((m) => finalState(m, "first")), "the finished stream lost its final STATE");
      assert.equal(run.messages.filter((m) => m.type === "RECORD").length, PAGES * PER_PAGE);
      assertInterrupted(run.messages, "second");
    });
  }

  it("the same through a stored source (--source), and at concurrency 4 in the middle of a stream", async () => {
    const env = { SLUICE_HOME: join(dir, "home"), SLUICE_SECRET_KEY: Buffer.alloc(32, 7).toString("base64") };
    const add = spawn(process.execPath, [BIN, "sources", "add", "holding", "--manifest", "manifest.json", "--config", "config.json"], { cwd: dir, env: { ...process.env, ...env }, stdio: "ignore" });
    assert.equal(await new Promise((resolve) => add.on("close", resolve)), 0);
    api.reset("first:3");
    const run = await interrupted(["--source", "holding", "--concurrency", "4"], dir, () => api.until("first:3"), "SIGTERM", env);
    assert.equal(run.code, 143, run.stderr);
    assertInterrupted(run.messages, "first");
  });
});

describe("a second signal ends sluice read at once", () => {
  let jobs: AsyncJobsApi;
  let dir: string;
  before(async () => {
    // The job never finishes and its cancel request never answers: stopping waits up to 5 s for it.
    jobs = await startAsyncJobsApi({ jobMs: () => 600_000, cancel: "hang", delayMs: 1 });
    dir = await mkdtemp(join(tmpdir(), "sluice-second-signal-"));
    const manifest = { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["reports"] }, streams: [asyncJobsStream(jobs.url, { from: "2024-01-01T00:00:00Z", to: "2024-01-01T23:59:59Z" })] };
    await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
    await writeFile(join(dir, "config.json"), "{}");
  });
  after(async () => {
    await jobs.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    // A second signal that did not exit would leave the child running: the test's timeout fails it, no clock is read.
    it(`the first ${signal} waits for the job's cancel; a second one exits ${code} at once`, { timeout: 60_000 }, async () => {
      const child = spawn(process.execPath, [BIN, "read", "--manifest", "manifest.json", "--config", "config.json"], { cwd: dir, stdio: ["ignore", "ignore", "ignore"] });
      const exited = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
      const before = jobs.jobs.length;
      for (let i = 0; i < 1500 && jobs.jobs.length === before; i++) await sleep(10);
      assert.ok(jobs.jobs.length > before, "the read never created its job");
      await sleep(100);
      child.kill(signal);
      await sleep(300);
      child.kill(signal);
      assert.equal(await exited, code);
    });
  }
});
