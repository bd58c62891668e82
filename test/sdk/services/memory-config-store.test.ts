import { test } from "node:test";
import assert from "node:assert/strict";
import { MemoryConfigStore } from "../../../sdk/index.js";

test("the memory store calls onUpdate with the new config before components see it", async () => {
  const config = { credentials: { refresh_token: "r1" } };
  const seenAtSave: unknown[] = [];
  const store = new MemoryConfigStore(config, (next) => {
    seenAtSave.push([structuredClone(next), structuredClone(config)]);
  });
  await store.update((c) => {
    (c.credentials as Record<string, unknown>).refresh_token = "r2";
  });
  assert.deepEqual(seenAtSave, [[{ credentials: { refresh_token: "r2" } }, { credentials: { refresh_token: "r1" } }]]);
  assert.equal(store.current(), config, "the same object every component reads");
  assert.deepEqual(config, { credentials: { refresh_token: "r2" } });
});

test("a failed save leaves the config unchanged, and later updates still run", async () => {
  const config: Record<string, unknown> = { token: "t1" };
  let fail = true;
  const store = new MemoryConfigStore(config, () => {
    if (fail) throw new Error("database down");
  });
  await assert.rejects(store.update((c) => void (c.token = "t2")), /database down/);
  assert.equal(config.token, "t1");
  fail = false;
  await store.update((c) => void (c.token = "t3"));
  assert.equal(config.token, "t3");
});

test("updates run one at a time", async () => {
  const store = new MemoryConfigStore({ n: 0 });
  await Promise.all(Array.from({ length: 10 }, () => store.update(async (c) => {
    const n = c.n as number;
    await new Promise((r) => setTimeout(r, 1));
    c.n = n + 1;
  })));
  assert.equal(store.current().n, 10);
});
