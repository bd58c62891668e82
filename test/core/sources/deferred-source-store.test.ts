import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DeferredSourceStore } from "../../../core/sources/deferred-source-store.js";
import type { SourceStore } from "../../../core/sources/source-store.js";
import type { SourceRecord } from "../../../core/sources/source-model.js";

/** A store that notes each call, standing in for the default one the deferred store would import. */
function notingStore(calls: string[]): SourceStore {
  const record: SourceRecord = { name: "acme", manifest: { kind: "inline", manifest: {} }, config: { api_key: "k" }, secretPaths: [] } as unknown as SourceRecord;
  return {
    create: async (source) => void calls.push(`create ${source.name}`),
    replace: async (name) => void calls.push(`replace ${name}`),
    list: async () => (calls.push("list"), []),
    load: async (name) => (calls.push(`load ${name}`), record),
    updateConfig: async (name, mutate) => {
      calls.push(`updateConfig ${name}`);
      const config = { ...record.config };
      await mutate(config);
      return config;
    },
    remove: async (name) => (calls.push(`remove ${name}`), true),
    rotateKey: async () => (calls.push("rotateKey"), { sources: 0, secrets: 0, keyId: "k2", note: "" }),
    close: async () => void calls.push("close"),
  };
}

describe("DeferredSourceStore", () => {
  it("makes the store at its first call, once, and hands every call to it", async () => {
    const calls: string[] = [];
    let made = 0;
    const store = new DeferredSourceStore(async () => (made++, notingStore(calls)));
    assert.equal(made, 0, "nothing is made before a call");
    assert.deepEqual(await store.list(), []);
    assert.equal((await store.load("acme")).name, "acme");
    assert.deepEqual(await store.updateConfig("acme", (config) => void (config.api_key = "k2")), { api_key: "k2" });
    assert.equal(await store.remove("acme"), true);
    assert.equal((await store.rotateKey()).keyId, "k2");
    await store.close();
    assert.equal(made, 1);
    assert.deepEqual(calls, ["list", "load acme", "updateConfig acme", "remove acme", "rotateKey", "close"]);
  });

  it("closes nothing when it was never used", async () => {
    let made = 0;
    const store = new DeferredSourceStore(async () => (made++, notingStore([])));
    await store.close();
    assert.equal(made, 0);
  });

  it("tries making the store again after a failure, and reports the failure to the caller", async () => {
    const calls: string[] = [];
    let attempts = 0;
    const store = new DeferredSourceStore(async () => {
      if (++attempts === 1) throw new Error("the database driver could not be loaded");
      return notingStore(calls);
    });
    await assert.rejects(store.list(), /could not be loaded/);
    await store.close(); // a failed store has nothing to close, and closing does not throw
    assert.deepEqual(await store.list(), []);
    assert.equal(attempts, 2);
    assert.deepEqual(calls, ["list"]);
  });
});
