import { test } from "node:test";
import assert from "node:assert/strict";
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
