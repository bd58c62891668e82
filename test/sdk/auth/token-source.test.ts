import { test } from "node:test";
import assert from "node:assert/strict";
import { TokenSource } from "../../../sdk/index.js";

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

test("token source reuses a token until a margin before its expiry, then fetches one new token", async () => {
  const clock = fakeClock();
  let n = 0;
  const source = new TokenSource({ clock, marginMs: 60_000, fetch: async () => ({ value: `t${++n}`, expiresAt: clock.now() + 3600_000 }) });
  assert.equal(await source.get(), "t1");
  clock.advance(3600_000 - 61_000);
  assert.equal(await source.get(), "t1");
  clock.advance(2_000);
  assert.equal(await source.get(), "t2");
  assert.equal(source.fetchCount(), 2);
});

test("token source caps the margin at half of a short token lifetime", async () => {
  const clock = fakeClock();
  let n = 0;
  const source = new TokenSource({ clock, marginMs: 60_000, fetch: async () => ({ value: `t${++n}`, expiresAt: clock.now() + 30_000 }) });
  await source.get();
  clock.advance(14_000);
  assert.equal(await source.get(), "t1");
  clock.advance(2_000);
  assert.equal(await source.get(), "t2");
});

test("concurrent callers share one fetch (single flight)", async () => {
  let n = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const source = new TokenSource({ fetch: async () => { n++; await gate; return { value: "tok", expiresAt: Date.now() + 3600_000 }; } });
  const all = Promise.all(Array.from({ length: 20 }, () => source.get()));
  release();
  assert.deepEqual(new Set(await all), new Set(["tok"]));
  assert.equal(n, 1);
});

test("a rejected token is replaced once however many requests saw the rejection", async () => {
  let n = 0;
  const source = new TokenSource({ fetch: async () => ({ value: `t${++n}` }) });
  const first = await source.get();
  const results = await Promise.all(Array.from({ length: 5 }, () => source.forceRefresh(first)));
  assert.deepEqual(results, [true, true, true, true, true]);
  assert.equal(await source.get(), "t2");
  assert.equal(await source.forceRefresh(first), true);
  assert.equal(n, 2, "a late 401 on the old token must not refresh again");
});

test("a failed fetch rejects every waiter and the next call tries again", async () => {
  let n = 0;
  const source = new TokenSource({ fetch: async () => { if (++n === 1) throw new Error("boom"); return { value: "ok" }; } });
  const results = await Promise.allSettled([source.get(), source.get()]);
  assert.deepEqual(results.map((r) => r.status), ["rejected", "rejected"]);
  assert.equal(await source.get(), "ok");
});

test("a source without reuse fetches for every use", async () => {
  let n = 0;
  const source = new TokenSource({ reuse: false, fetch: async () => ({ value: `s${++n}` }) });
  assert.equal(await source.get(), "s1");
  assert.equal(await source.get(), "s2");
  assert.equal(source.peek(), undefined);
});

test("an initial token is used until it expires", async () => {
  const clock = fakeClock();
  let n = 0;
  const source = new TokenSource({ clock, initial: { value: "given", expiresAt: clock.now() + 600_000 }, fetch: async () => ({ value: `t${++n}` }) });
  assert.equal(await source.get(), "given");
  clock.advance(600_000);
  assert.equal(await source.get(), "t1");
});
