import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../../core/index.js";
import { Clock, SluiceError } from "../../../sdk/index.js";
import { systemClock } from "../../../core/services/system-clock.js";
import { asyncJobsStream, startAsyncJobsApi, type AsyncJobsApi } from "../../support/async-jobs-api.js";

/** Real time, with every wait 20 times shorter: the retriever's 1 s, 2 s, 4 s... polls become 50, 100, 200 ms. */
const quickClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => systemClock.sleep(ms / 20, signal) };

const DAYS = 8;
const window = { from: "2024-01-01T00:00:00Z", to: `2024-01-0${DAYS}T23:59:59Z` };

/** The connector; `jobs` is its max_concurrent_async_job_count (absent: the kit's default, one job at a time). */
async function connect(api: AsyncJobsApi, days = window, source: { manifest?: Record<string, unknown>; config?: Record<string, unknown>; jobs?: number } = {}): Promise<Connector> {
  const sluice = createSluice({ logLevel: "error" }).register(Clock, quickClock);
  const jobs = source.jobs === undefined ? {} : { max_concurrent_async_job_count: source.jobs };
  return sluice.connect({ manifest: { version: "6.0.0", type: "DeclarativeSource", streams: [asyncJobsStream(api.url, days)], ...jobs, ...source.manifest }, config: source.config ?? {} });
}

interface Seen {
  records: Array<{ id: string; job: string; n: number; updated_at: string }>;
  states: Array<{ state: Record<string, unknown>; after: number }>;
  status?: string;
  error?: unknown;
  ms: number;
}

async function readReports(connector: Connector, concurrency: number, signal?: AbortSignal): Promise<Seen> {
  const seen: Seen = { records: [], states: [], ms: 0 };
  const started = performance.now();
  for await (const message of connector.readAll({ concurrency, signal })) {
    if (message.type === "record") {
      assert.equal(seen.status, undefined, "no record after the stream's last status");
      seen.records.push(message.record as Seen["records"][number]);
    }
    if (message.type === "state") seen.states.push({ state: message.state, after: seen.records.length });
    if (message.type === "status" && (message.status === "COMPLETE" || message.status === "INCOMPLETE")) {
      seen.status = message.status;
      seen.error = message.error;
    }
  }
  seen.ms = performance.now() - started;
  return seen;
}

/** Each job's records arrived in their order (n = 0, 1, 2...), and no record came twice. */
function assertOrderedOnce(records: Seen["records"]): void {
  assert.equal(new Set(records.map((r) => r.id)).size, records.length, "every record exactly once");
  const next = new Map<string, number>();
  for (const record of records) {
    assert.equal(record.n, next.get(record.job) ?? 0, `job ${record.job}'s records in order`);
    next.set(record.job, record.n + 1);
  }
}

/** No state claims a record that has not been emitted before it. */
function assertStatesSafe(seen: Seen, all: ReadonlySet<string>): void {
  for (const { state, after } of seen.states) {
    const upTo = String(state.updated_at);
    const before = new Set(seen.records.slice(0, after).map((r) => r.updated_at));
    for (const at of all) if (at <= upTo) assert.ok(before.has(at), `state ${upTo} emitted before the record of ${at}`);
  }
}

describe("AsyncRetriever jobs on the scheduler", () => {
  let api: AsyncJobsApi;
  before(async () => {
    // Later days' jobs finish sooner, so jobs complete out of order.
    api = await startAsyncJobsApi({ jobMs: (start) => 320 - 20 * Number(start.slice(8, 10)), fails: (start) => start.startsWith("2024-01-04") && failDay4 });
  });
  after(() => api.close());
  let failDay4 = false;

  it(`runs ${DAYS} jobs at concurrency 4 four at a time, never more than 4 requests in flight, each record once, states only over finished jobs`, async () => {
    // One job alone, for the duration of a job on this machine now.
    api.reset();
    const single = await readReports(await connect(api, { from: window.from, to: "2024-01-01T23:59:59Z" }), 4);
    assert.equal(single.records.length, 4);

    api.reset();
    const seen = await readReports(await connect(api, window, { jobs: DAYS }), 4);
    assert.equal(seen.status, "COMPLETE", String(seen.error));
    assert.equal(seen.records.length, DAYS * 4);
    assertOrderedOnce(seen.records);
    assert.equal(api.maxRunningJobs, 4, "four jobs running at once");
    assert.ok(api.maxInFlight <= 4, `${api.maxInFlight} requests in flight`);
    assert.equal(api.runningJobs, 0, "every job deleted after its download");
    assertStatesSafe(seen, new Set(seen.records.map((r) => r.updated_at)));
    assert.deepEqual(seen.states.at(-1)?.state, { updated_at: "2024-01-08T03:00:00Z" });
    // ceil(8 / 4) = 2 job durations, not 8 (a loose bound: the machine is shared).
    assert.ok(seen.ms < single.ms * 5, `${Math.round(seen.ms)} ms for ${DAYS} jobs, ${Math.round(single.ms)} ms for one`);
  });

  it("without max_concurrent_async_job_count, runs one job at a time whatever the concurrency, as the kit does", async () => {
    api.reset();
    const seen = await readReports(await connect(api, { from: window.from, to: "2024-01-03T23:59:59Z" }), 4);
    assert.equal(seen.status, "COMPLETE", String(seen.error));
    assert.equal(seen.records.length, 12);
    assertOrderedOnce(seen.records);
    assert.equal(api.maxPreparingJobs, 1);
  });

  it("runs one job at a time at concurrency 1", async () => {
    api.reset();
    const seen = await readReports(await connect(api, { from: window.from, to: "2024-01-03T23:59:59Z" }, { jobs: 3 }), 1);
    assert.equal(seen.status, "COMPLETE");
    assert.equal(seen.records.length, 12);
    assert.equal(api.maxRunningJobs, 1);
    assert.equal(api.maxInFlight, 1);
  });

  it("max_concurrent_async_job_count (here a template over config) bounds the jobs running at once below the concurrency", async () => {
    api.reset();
    const connector = await connect(api, { from: window.from, to: "2024-01-06T23:59:59Z" }, { manifest: { max_concurrent_async_job_count: "{{ config['max_jobs'] }}" }, config: { max_jobs: 2 } });
    const seen = await readReports(connector, 4);
    assert.equal(seen.status, "COMPLETE", String(seen.error));
    assert.equal(seen.records.length, 24);
    assertOrderedOnce(seen.records);
    // A job holds its slot until it is done, as in the kit; its download and delete hold none.
    assert.equal(api.maxPreparingJobs, 2);
  });

  it("a max_concurrent_async_job_count below 1 is a manifest error", async () => {
    await assert.rejects(connect(api, window, { manifest: { max_concurrent_async_job_count: 0 } }), (error: SluiceError) => error.code === "MANIFEST_INVALID" && /max_concurrent_async_job_count/.test(error.message));
  });

  it("a job that keeps failing fails its stream after three attempts; records already read are delivered, no state claims its day", async () => {
    api.reset();
    failDay4 = true;
    try {
      const seen = await readReports(await connect(api, window, { jobs: 2 }), 2);
      assert.equal(seen.status, "INCOMPLETE");
      assert.ok(seen.error instanceof SluiceError);
      assert.equal(seen.error.code, "ASYNC_JOB_FAILED");
      assert.match(seen.error.message, /ended failed \(status 'failed'\) after 3 attempts/);
      assert.equal(api.created.get("2024-01-04T00:00:00Z"), 3, "the failed job was created three times");
      assert.ok(seen.records.length >= 12, `${seen.records.length} records of the days before delivered`);
      assert.ok(!seen.records.some((r) => r.updated_at.startsWith("2024-01-04")));
      assertOrderedOnce(seen.records);
      for (const { state } of seen.states) assert.ok(String(state.updated_at) < "2024-01-04", `state ${String(state.updated_at)}`);
    } finally {
      failDay4 = false;
    }
  });

  it("stopping the read aborts the polls and downloads of every job in flight at once", { timeout: 30_000 }, async () => {
    // Jobs that never finish: the read ending at all proves the abort stopped it.
    const slow = await startAsyncJobsApi({ jobMs: () => Number.POSITIVE_INFINITY });
    try {
      const controller = new AbortController();
      const reading = readReports(await connect(slow, window, { jobs: 4 }), 4, controller.signal);
      for (let waited = 0; slow.maxRunningJobs < 4; waited += 10) {
        assert.ok(waited < 5_000, `${slow.maxRunningJobs} jobs running after 5 s, 4 expected`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      controller.abort(new Error("stopped by the test"));
      await assert.rejects(reading, /stopped by the test/);
      // Polls sent just before the abort may reach the server a moment later; none may follow them
      // (a job still polling would ask again 60 ms after each answer).
      await new Promise((resolve) => setTimeout(resolve, 30));
      const requests = slow.seen.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.deepEqual(slow.seen.slice(requests), [], "no request after the read ended");
    } finally {
      await slow.close();
    }
  });
});
