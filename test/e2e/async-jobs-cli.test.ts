import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { asyncJobsStream, startAsyncJobsApi, type AsyncJobsApi } from "../support/async-jobs-api.js";
import { BIN } from "./auth-cli-support.js";

const TOKEN = "tok-cli-77d2";

/** `sluice read` of two day-long report jobs at once on `api`, stopped by Ctrl-C once both are polled. */
async function interruptedRead(api: AsyncJobsApi, dir: string): Promise<{ code: number | null; stderr: string }> {
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ version: "6.0.0", type: "DeclarativeSource", max_concurrent_async_job_count: 2, streams: [asyncJobsStream(api.url, { from: "2024-01-01T00:00:00Z", to: "2024-01-02T23:59:59Z" }, { bearer: true })] }));
  writeFileSync(join(dir, "config.json"), JSON.stringify({ token: TOKEN }));
  const child = spawn(process.execPath, [BIN, "read", "--manifest", "manifest.json", "--config", "config.json", "--concurrency", "2"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  for (let waited = 0; !(api.jobs.length === 2 && api.jobs.every((job) => api.seen.some((url) => url.pathname === `/jobs/${job.id}`))); waited += 20) {
    assert.ok(waited < 20_000, `two jobs polled after 20 s? ${JSON.stringify(api.jobs)}\n${stderr}`);
    await sleep(20);
  }
  child.kill("SIGINT");
  const code = await exited;
  return { code, stderr };
}

describe("sluice read of report jobs, interrupted", () => {
  let dir: string;
  const apis: AsyncJobsApi[] = [];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "sluice-async-cli-"));
  });
  after(async () => {
    await Promise.all(apis.map((api) => api.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("Ctrl-C aborts the jobs running on the API before the process exits with 130", { timeout: 60_000 }, async () => {
    const api = await startAsyncJobsApi({ jobMs: () => 60_000, token: TOKEN });
    apis.push(api);
    const run = await interruptedRead(api, dir);
    assert.equal(run.code, 130, run.stderr);
    assert.deepEqual(api.jobs.map((job) => [job.state, job.cancels]), [["cancelled", 1], ["cancelled", 1]], run.stderr);
    // The jobs would run 60 s: a process that waited for them fails by the test's timeout, no clock is read.
    assert.match(run.stderr, /\[READ_INTERRUPTED\] The read of stream .reports. was interrupted before it finished \(interrupted by SIGINT\)/);
  });

  it("an abort the API refuses is a warning on stderr, without the token; the exit code stays 130", { timeout: 60_000 }, async () => {
    const api = await startAsyncJobsApi({ jobMs: () => 60_000, token: TOKEN, cancel: "refuse" });
    apis.push(api);
    const run = await interruptedRead(api, dir);
    assert.equal(run.code, 130, run.stderr);
    assert.ok(api.jobs.every((job) => job.cancels === 1));
    const warnings = run.stderr.split("\n").filter((line) => line.includes("could not abort the job"));
    assert.equal(warnings.length, 2, run.stderr);
    assert.ok(warnings.every((line) => /of stream 'reports'.*409/.test(line)), run.stderr);
    assert.ok(!run.stderr.includes(TOKEN), "no credential on stderr");
  });
});
