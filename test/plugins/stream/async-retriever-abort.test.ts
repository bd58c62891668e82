import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { createSluice, type Connector, type ReadMessage } from "../../../core/index.js";
import { systemClock } from "../../../core/services/system-clock.js";
import { Clock, Logger, SluiceError } from "../../../sdk/index.js";
import { ABORT_TIME_LIMIT_MS } from "../../../plugins/stream/async-job-abort.js";
import { asyncJobsStream, startAsyncJobsApi, type AsyncJobsApi, type AsyncJobsApiOptions, type AsyncJobsStreamOptions } from "../../support/async-jobs-api.js";

/** Real time, with every wait 20 times shorter: the retriever's 1 s, 2 s, 4 s... polls become 50, 100, 200 ms. */
const quickClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => systemClock.sleep(ms / 20, signal) };
const TOKEN = "tok-3f9a1c";
const FOUR_DAYS = { from: "2024-01-01T00:00:00Z", to: "2024-01-04T23:59:59Z" };

const apis: AsyncJobsApi[] = [];
afterEach(() => Promise.all(apis.splice(0).map((api) => api.close())));

/**
 * A report-jobs API whose jobs never finish unless `options` says otherwise (so a read that ends at all
 * was stopped: no test here times how long the stop took, a stop that hangs is the test's timeout);
 * every request needs the bearer token.
 */
async function start(options: Partial<AsyncJobsApiOptions> = {}): Promise<AsyncJobsApi> {
  const api = await startAsyncJobsApi({ jobMs: () => Number.POSITIVE_INFINITY, token: TOKEN, ...options });
  apis.push(api);
  return api;
}

/**
 * A connector on `api` running up to four jobs at once; `warnings` collects what it logs as warnings,
 * `cancelsSentAtWarning` how many jobs had been sent their abort when each warning was logged.
 */
async function connect(on: AsyncJobsApi, stream: AsyncJobsStreamOptions = {}, source: Record<string, unknown> = {}): Promise<{ connector: Connector; warnings: string[]; cancelsSentAtWarning: number[] }> {
  const warnings: string[] = [];
  const cancelsSentAtWarning: number[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    cancelsSentAtWarning.push(on.jobs.filter((job) => job.cancels > 0).length);
  };
  const sluice = createSluice({ logLevel: "error" }).register(Clock, quickClock);
  sluice.register(Logger, { debug: () => undefined, info: () => undefined, warn, error: () => undefined });
  const manifest = { version: "6.0.0", type: "DeclarativeSource", max_concurrent_async_job_count: 4, streams: [asyncJobsStream(on.url, FOUR_DAYS, { bearer: true, ...stream })], ...source };
  return { connector: await sluice.connect({ manifest, config: { token: TOKEN } }), warnings, cancelsSentAtWarning };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    assert.ok(waited < 5_000, `still waiting for ${what} after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Jobs running on the API: created, not yet done, failed, cancelled or deleted. */
const running = (on: AsyncJobsApi) => on.jobs.filter((job) => job.state === "running");
/** Every job was polled at least once (so it runs on the API, and the read knows it). */
const polledJobs = (on: AsyncJobsApi, count: number) => () => on.jobs.length === count && on.jobs.every((job) => on.seen.some((url) => url.pathname === `/jobs/${job.id}`));

/** Reads until `stopWhen` holds, then leaves the loop (`break`: the iterator's return()); how long leaving took, in ms. */
async function readThenBreak(connector: Connector, stopWhen: () => boolean): Promise<number> {
  let stoppedAt = Number.NaN;
  for await (const _message of connector.readAll({ concurrency: 4 })) {
    await until(stopWhen, "the jobs to run");
    stoppedAt = performance.now();
    break;
  }
  return performance.now() - stoppedAt;
}

describe("AsyncRetriever aborts the jobs its read leaves running", { timeout: 30_000 }, () => {
  it("a read stopped by its consumer aborts every job still running, once each, through the authenticator, before return() resolves", async () => {
    const on = await start();
    const { connector, warnings } = await connect(on);
    await readThenBreak(connector, polledJobs(on, 4));
    assert.deepEqual(running(on), [], "no job left running on the API when the read ended");
    assert.deepEqual(on.jobs.map((job) => [job.state, job.cancels]), Array.from({ length: 4 }, () => ["cancelled", 1]));
    assert.ok(on.maxInFlight <= 4, `${on.maxInFlight} requests in flight: the aborts take request slots as every request does`);
    assert.deepEqual(warnings, []);
  });

  it("the aborts take their turn from the API budget: those it has no room for are not sent, and warned about", async () => {
    const on = await start();
    const budget = { type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "PT1H", call_limit: 2, matchers: [{ url_path_pattern: "/cancel$" }] }] };
    const { connector, warnings } = await connect(on, {}, { api_budget: budget });
    await readThenBreak(connector, polledJobs(on, 4));
    assert.equal(on.jobs.filter((job) => job.state === "cancelled").length, 2, "two aborts within the budget");
    assert.equal(on.seen.filter((url) => url.pathname.endsWith("/cancel")).length, 2, "no abort past the budget reached the API");
    assert.equal(warnings.length, 2, warnings.join("\n"));
    assert.ok(warnings.every((w) => /could not abort the job .* of stream 'reports' .*budget/i.test(w)), warnings.join("\n"));
  });

  it("a host's abort signal aborts the running jobs too; the read ends with the signal's reason", async () => {
    const on = await start();
    const { connector } = await connect(on);
    const controller = new AbortController();
    const reading = (async () => {
      for await (const _message of connector.readAll({ concurrency: 4, signal: controller.signal }));
    })();
    await until(polledJobs(on, 4), "four jobs polled");
    controller.abort(new Error("stopped by the host"));
    await assert.rejects(reading, /stopped by the host/);
    assert.deepEqual(running(on), []);
    assert.ok(on.jobs.every((job) => job.cancels === 1));
  });

  it("connector.read() (one job at a time) aborts its job when the host's signal stops it", async () => {
    const on = await start();
    const { connector } = await connect(on);
    const controller = new AbortController();
    const reading = (async () => {
      for await (const _record of connector.read("reports", { signal: controller.signal }));
    })();
    await until(polledJobs(on, 1), "the first job polled");
    controller.abort(new Error("stopped by the host"));
    await assert.rejects(reading, /stopped by the host/);
    assert.deepEqual(on.jobs.map((job) => [job.state, job.cancels]), [["cancelled", 1]]);
  });

  it("a job that fails for good fails its stream and aborts the jobs still running; the failed and the completed jobs get no abort", async () => {
    // Day 1 completes at once and is read; day 2 fails three times (each after 150 ms); days 3 and 4 run for a minute.
    const on = await start({ jobMs: (day) => (day < "2024-01-02" ? 30 : day < "2024-01-03" ? 150 : 60_000), fails: (day) => day.startsWith("2024-01-02") });
    const { connector, warnings } = await connect(on);
    const messages: ReadMessage[] = [];
    for await (const message of connector.readAll({ concurrency: 4 })) messages.push(message);
    const status = messages.find((m) => m.type === "status" && m.status === "INCOMPLETE");
    assert.ok(status?.type === "status" && status.error instanceof SluiceError && status.error.code === "ASYNC_JOB_FAILED", String(status?.type === "status" && status.error));
    assert.equal(messages.filter((m) => m.type === "record").length, 4, "day 1's records delivered");
    assert.deepEqual(running(on), [], "no job left running on the API");
    const byDay = (day: string) => on.jobs.filter((job) => job.start.startsWith(day)).map((job) => `${job.state}/${job.cancels}`);
    assert.deepEqual(byDay("2024-01-01"), ["deleted/0"]);
    assert.deepEqual(byDay("2024-01-02"), ["failed/0", "failed/0", "failed/0"]);
    assert.deepEqual([...byDay("2024-01-03"), ...byDay("2024-01-04")], ["cancelled/1", "cancelled/1"]);
    assert.deepEqual(warnings, []);
  });

  it("a poll that fails fails the stream with its own error, and aborts its job first", async () => {
    const on = await start();
    const stream = asyncJobsStream(on.url, { from: FOUR_DAYS.from, to: "2024-01-01T23:59:59Z" }, { bearer: true });
    const retriever = stream.retriever as Record<string, Record<string, unknown>>;
    retriever.polling_requester!.path = "/jobs/{{ stream_slice.extra_fields.creation_response.id }}/status";
    const sluice = createSluice({ logLevel: "error" }).register(Clock, quickClock);
    const connector = await sluice.connect({ manifest: { version: "6.0.0", type: "DeclarativeSource", streams: [stream] }, config: { token: TOKEN } });
    await assert.rejects(async () => {
      for await (const _record of connector.read("reports"));
    }, /404/);
    assert.deepEqual(on.jobs.map((job) => [job.state, job.cancels]), [["cancelled", 1]]);
  });

  it("without an abort_requester nothing is sent: the jobs stay running, and the read still ends at once", async () => {
    const on = await start();
    const { connector } = await connect(on, { abort: false });
    await readThenBreak(connector, polledJobs(on, 4));
    assert.equal(running(on).length, 4);
    assert.ok(on.seen.every((url) => !url.pathname.endsWith("/cancel")));
  });

  it("a refused abort is a warning naming the stream and the job (no credential); a stop stays a stop and a failure keeps its error", async () => {
    const on = await start({ cancel: "refuse" });
    const stopped = await connect(on);
    const controller = new AbortController();
    const reading = (async () => {
      for await (const _message of stopped.connector.readAll({ concurrency: 4, signal: controller.signal }));
    })();
    await until(polledJobs(on, 4), "four jobs polled");
    controller.abort(new Error("stopped by the host"));
    await assert.rejects(reading, /^Error: stopped by the host$/);
    assert.equal(stopped.warnings.length, 4, stopped.warnings.join("\n"));
    for (const id of ["J1", "J2", "J3", "J4"]) {
      const warning = stopped.warnings.find((w) => w.includes(`{"id":"${id}"}`));
      assert.match(warning ?? "", /^could not abort the job \{"id":"J\d"\} of slice \{"start_time":"2024-01-0\d.*\} of stream 'reports' \(the read of the stream stopped: stopped by the host\): .*409.*; it may still be running on the API$/);
      assert.ok(!warning!.includes(TOKEN), "no credential in the warning");
    }

    const failing = await start({ cancel: "refuse", jobMs: (day) => (day < "2024-01-02" ? 30 : 60_000), fails: (day) => day.startsWith("2024-01-01") });
    const failed = await connect(failing);
    const messages: ReadMessage[] = [];
    for await (const message of failed.connector.readAll({ concurrency: 4 })) messages.push(message);
    const status = messages.find((m) => m.type === "status" && m.status === "INCOMPLETE");
    assert.ok(status?.type === "status" && status.error instanceof SluiceError && status.error.code === "ASYNC_JOB_FAILED", "the job's failure, not the refused abort");
    assert.equal(failed.warnings.length, 3, failed.warnings.join("\n"));
  });

  it(`an abort that gets no answer is given up after ${ABORT_TIME_LIMIT_MS / 1000} s: the stopped read ends within that, all aborts at once`, { timeout: 20_000 }, async () => {
    const on = await start({ cancel: "hang" });
    const { connector, warnings, cancelsSentAtWarning } = await connect(on);
    const ms = await readThenBreak(connector, polledJobs(on, 4));
    assert.ok(ms >= ABORT_TIME_LIMIT_MS - 100, `the read ended ${Math.round(ms)} ms after the stop, before the aborts' limit`);
    // All at once: every abort was on the wire before the first was given up (one after another, the
    // second would be sent only after the first's warning).
    assert.deepEqual(cancelsSentAtWarning, [4, 4, 4, 4]);
    assert.ok(on.jobs.every((job) => job.cancels === 1), "each job's abort was sent, all four together");
    assert.equal(warnings.length, 4);
    assert.ok(warnings.every((w) => w.includes(`no answer within ${ABORT_TIME_LIMIT_MS / 1000} s`)), warnings.join("\n"));
  });
});
