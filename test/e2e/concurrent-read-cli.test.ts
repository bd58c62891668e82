import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../support/latency-api.js";
import { BIN, runSluice } from "./auth-cli-support.js";

const PARTS = Array.from({ length: 20 }, (_, i) => `part${i}`);

describe("sluice read, concurrently", () => {
  let api: LatencyApi;
  let dir: string;
  before(async () => {
    // Later pages of the slow* partitions take a minute (for the Ctrl-C test); everything else answers in 20 ms.
    api = await startLatencyApi({ delayMs: (url) => (url.searchParams.get("part")?.startsWith("slow") && url.searchParams.get("page") ? 60_000 : 20), pages: 3, perPage: 4 });
    dir = mkdtempSync(join(tmpdir(), "sluice-concurrent-cli-"));
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(latencyManifest([itemsStream("items", api.url, PARTS), itemsStream("other", api.url)])));
    writeFileSync(join(dir, "slow.json"), JSON.stringify(latencyManifest([itemsStream("items", api.url, ["slow1", "slow2", "slow3"])])));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--concurrency 10 reads every record once with at most 10 requests in flight", async () => {
    api.reset();
    const run = await runSluice(["read", "--manifest", "manifest.json", "--concurrency", "10"], dir);
    assert.equal(run.code, 0, run.stderr);
    const ids = run.messages.filter((m) => m.type === "RECORD").map((m) => `${m.record.stream}/${m.record.data.id}`);
    assert.equal(ids.length, 20 * 3 * 4 + 3 * 4);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(api.maxInFlight <= 10 && api.maxInFlight > 2, `${api.maxInFlight} in flight`);
    for (const stream of ["items", "other"]) {
      const statuses = run.messages.filter((m) => m.type === "TRACE" && m.trace.stream_status?.stream_descriptor.name === stream).map((m) => m.trace.stream_status.status);
      assert.deepEqual(statuses, ["STARTED", "RUNNING", "COMPLETE"]);
      const state = run.messages.find((m) => m.type === "STATE" && m.state.stream.stream_descriptor.name === stream);
      assert.equal(state?.state.sourceStats.recordCount, stream === "items" ? 240 : 12);
    }
  });

  it("refuses --concurrency 0 and an unknown --transport with their codes", async () => {
    const zero = await runSluice(["read", "--manifest", "manifest.json", "--concurrency", "0"], dir);
    assert.equal(zero.code, 1);
    assert.match(zero.stderr, /CONCURRENCY_INVALID|--concurrency must be a whole number/);
    const pigeon = await runSluice(["read", "--manifest", "manifest.json", "--transport", "carrier-pigeon"], dir);
    assert.equal(pigeon.code, 1);
    assert.match(pigeon.stderr, /unknown transport/);
  });

  it("--transport undici and `transport: undici` in the Sluice config file read the same records", async () => {
    const flag = await runSluice(["read", "--manifest", "manifest.json", "--transport", "undici", "--stream", "other"], dir);
    assert.equal(flag.code, 0, flag.stderr);
    assert.equal(flag.messages.filter((m) => m.type === "RECORD").length, 12);
    const project = mkdtempSync(join(tmpdir(), "sluice-transport-"));
    try {
      writeFileSync(join(project, "manifest.json"), JSON.stringify(latencyManifest([itemsStream("other", api.url)])));
      writeFileSync(join(project, ".sluicerc.json"), JSON.stringify({ manifest: "./manifest.json", transport: "undici" }));
      const file = await runSluice(["read"], project);
      assert.equal(file.code, 0, file.stderr);
      assert.equal(file.messages.filter((m) => m.type === "RECORD").length, 12);
      writeFileSync(join(project, ".sluicerc.json"), JSON.stringify({ manifest: "./manifest.json", transport: "pigeon" }));
      const bad = await runSluice(["read"], project);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /unknown transport/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("Ctrl-C stops the read: requests in flight are aborted, the records read are written, exit code 130", { timeout: 30_000 }, async () => {
    api.reset();
    const child = spawn(process.execPath, [BIN, "read", "--manifest", "slow.json", "--concurrency", "3"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    // Every partition's minute-long second page is in flight (so its first page was read).
    while (api.seen.filter((url) => url.searchParams.get("page") === "2").length < 3) await sleep(20);
    child.kill("SIGINT");
    assert.equal(await exited, 130);
    for (let i = 0; i < 100 && api.inFlight > 0; i++) await sleep(20);
    assert.equal(api.inFlight, 0, "requests were left in flight");
    const records = stdout.split("\n").filter((line) => line.includes('"type":"RECORD"'));
    assert.equal(records.length, 3 * 4, "the first page of each partition was written");
  });
});
