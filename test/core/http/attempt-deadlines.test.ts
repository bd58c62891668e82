import { test } from "node:test";
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import { AttemptDeadlines } from "../../../core/http/attempt-deadlines.js";

test("a signal nobody listens to any more is handed to the next attempt", () => {
  const deadlines = new AttemptDeadlines();
  const first = deadlines.start(60_000, undefined);
  const listener = () => undefined;
  first.signal.addEventListener("abort", listener);
  first.signal.removeEventListener("abort", listener);
  first.dispose();
  const second = deadlines.start(60_000, undefined);
  assert.equal(second.signal, first.signal);
  assert.equal(second.signal.aborted, false);
  second.dispose();
});

test("a signal a transport still listens to is never reused", () => {
  const deadlines = new AttemptDeadlines();
  const first = deadlines.start(60_000, undefined);
  let aborted = 0;
  first.signal.addEventListener("abort", () => aborted++);
  first.dispose();
  const second = deadlines.start(1, undefined);
  assert.notEqual(second.signal, first.signal);
  second.dispose();
  assert.equal(aborted, 0);
});

test("the timeout aborts the attempt with a TimeoutError, and that signal is not reused", async () => {
  const deadlines = new AttemptDeadlines();
  const first = deadlines.start(5, undefined);
  // The deadline's timer is unref'd (it never keeps a process alive): this one keeps the test's loop running.
  const keepAlive = setTimeout(() => undefined, 1_000);
  await new Promise((resolve) => first.signal.addEventListener("abort", resolve, { once: true }));
  clearTimeout(keepAlive);
  assert.equal(first.timedOut(), true);
  assert.equal((first.signal.reason as DOMException).name, "TimeoutError");
  first.dispose();
  const second = deadlines.start(60_000, undefined);
  assert.notEqual(second.signal, first.signal);
  assert.equal(second.signal.aborted, false);
  second.dispose();
});

test("the caller's abort reaches the attempt with the caller's reason, and that signal is not reused", () => {
  const deadlines = new AttemptDeadlines();
  const caller = new AbortController();
  const first = deadlines.start(60_000, caller.signal);
  caller.abort(new Error("stop"));
  assert.equal((first.signal.reason as Error).message, "stop");
  assert.equal(first.timedOut(), false);
  first.dispose();
  const second = deadlines.start(60_000, caller.signal);
  assert.notEqual(second.signal, first.signal);
  assert.equal(second.signal.aborted, true, "a caller's signal already aborted aborts the attempt at once");
  second.dispose();
});

test("a disposed attempt no longer listens to the caller's signal", () => {
  const deadlines = new AttemptDeadlines();
  const caller = new AbortController();
  const first = deadlines.start(60_000, caller.signal);
  first.dispose();
  caller.abort(new Error("later"));
  assert.equal(first.signal.aborted, false);
});

test("attempts with different timeouts each time out at their own deadline, an ended one never", async () => {
  const deadlines = new AttemptDeadlines();
  const keepAlive = setTimeout(() => undefined, 2_000);
  const slow = deadlines.start(80, undefined);
  const ended = deadlines.start(20, undefined);
  const fast = deadlines.start(20, undefined);
  ended.dispose();
  const started = performance.now();
  await new Promise((resolve) => fast.signal.addEventListener("abort", resolve, { once: true }));
  const fastAfter = performance.now() - started;
  assert.equal(slow.signal.aborted, false, "the later deadline is not due yet");
  await new Promise((resolve) => slow.signal.addEventListener("abort", resolve, { once: true }));
  const slowAfter = performance.now() - started;
  clearTimeout(keepAlive);
  assert.ok(fastAfter >= 15 && slowAfter >= 75, `timed out after ${fastAfter} and ${slowAfter} ms`);
  assert.equal(ended.signal.aborted, false, "an attempt that ended before its deadline is never aborted");
  assert.equal(fast.timedOut() && slow.timedOut(), true);
  fast.dispose();
  slow.dispose();
});

test("a shorter timeout started after a longer one still fires on time", async () => {
  const deadlines = new AttemptDeadlines();
  const keepAlive = setTimeout(() => undefined, 2_000);
  const long = deadlines.start(60_000, undefined);
  const short = deadlines.start(10, undefined);
  await new Promise((resolve) => short.signal.addEventListener("abort", resolve, { once: true }));
  clearTimeout(keepAlive);
  assert.equal(short.timedOut(), true);
  assert.equal(long.signal.aborted, false);
  long.dispose();
  short.dispose();
});

test("the caller's signal gets one listener however many attempts it has in flight, and aborts them all", () => {
  const deadlines = new AttemptDeadlines();
  const caller = new AbortController();
  const attempts = [deadlines.start(60_000, caller.signal), deadlines.start(60_000, caller.signal), deadlines.start(60_000, caller.signal)];
  attempts[0]!.dispose();
  assert.equal(getEventListeners(caller.signal, "abort").length, 1);
  caller.abort(new Error("stop"));
  assert.equal(attempts[0]!.signal.aborted, false, "the attempt that had ended is not aborted");
  assert.deepEqual(attempts.slice(1).map((attempt) => (attempt.signal.reason as Error).message), ["stop", "stop"]);
});
