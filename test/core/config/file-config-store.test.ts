import { test, afterEach, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import { FileConfigStore } from "../../../core/config/file-config-store.js";
import type { ConnectorConfigControlMessage } from "../../../core/config/connector-config-message.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sluice-config-"));
  path = join(dir, "config.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("an update changes only the mutated field and keeps the file's indentation, key order and final newline", async () => {
  const original = '{\n\t"b": 1,\n\t"credentials": {\n\t\t"refresh_token": "r1",\n\t\t"note": "caf\\u00e9"\n\t},\n\t"a": [1, 2]\n}\n';
  writeFileSync(path, original);
  const store = await FileConfigStore.open(path);
  await store.update((config) => {
    (config.credentials as Record<string, unknown>).refresh_token = "r2";
  });
  const text = readFileSync(path, "utf8");
  assert.equal(text, JSON.stringify({ b: 1, credentials: { refresh_token: "r2", note: "café" }, a: [1, 2] }, null, "\t") + "\n");
  assert.equal((store.current().credentials as Record<string, unknown>).refresh_token, "r2");
  assert.deepEqual(readdirSync(dir), ["config.json"], "no temp or lock file is left behind");
});

test("an update re-reads the file: a change another process made meanwhile is kept", async () => {
  writeFileSync(path, JSON.stringify({ credentials: { refresh_token: "r1" }, other: 1 }));
  const store = await FileConfigStore.open(path);
  writeFileSync(path, JSON.stringify({ credentials: { refresh_token: "r7" }, other: 2 }));
  let seen: unknown;
  await store.update((config) => {
    seen = (config.credentials as Record<string, unknown>).refresh_token;
    config.extra = true;
  });
  assert.equal(seen, "r7");
  assert.deepEqual(JSON.parse(readFileSync(path, "utf8")), { credentials: { refresh_token: "r7" }, other: 2, extra: true });
  assert.equal(store.current().other, 2);
});

test("a change emits one CONTROL/CONNECTOR_CONFIG message with the whole config; no change emits none", async () => {
  writeFileSync(path, JSON.stringify({ api: "x", credentials: { access_token: "a1" } }));
  const messages: ConnectorConfigControlMessage[] = [];
  const store = await FileConfigStore.open(path, { onControlMessage: (m) => void messages.push(m), now: () => 1714521600000 });
  await store.update(() => undefined);
  assert.equal(messages.length, 0);
  await store.update((config) => {
    config.api = "y";
  });
  assert.deepEqual(messages, [{ type: "CONTROL", control: { type: "CONNECTOR_CONFIG", emitted_at: 1714521600000, connectorConfig: { config: { api: "y", credentials: { access_token: "a1" } } } } }]);
});

test("a failing mutation leaves the file and the in-memory config unchanged and releases the lock", async () => {
  writeFileSync(path, JSON.stringify({ token: "t1" }));
  const store = await FileConfigStore.open(path);
  await assert.rejects(store.update((config) => {
    config.token = "half-written";
    throw new Error("refresh failed");
  }), /refresh failed/);
  assert.equal(readFileSync(path, "utf8"), JSON.stringify({ token: "t1" }));
  assert.equal(store.current().token, "t1");
  assert.ok(!existsSync(`${path}.lock`));
  await store.update((config) => {
    config.token = "t2";
  });
  assert.equal(store.current().token, "t2");
});

test("two stores on one file run their updates one after the other (the lock file is exclusive)", async () => {
  writeFileSync(path, JSON.stringify({ counter: 0 }));
  const stores = await Promise.all([FileConfigStore.open(path), FileConfigStore.open(path), FileConfigStore.open(path)]);
  let inside = 0;
  let most = 0;
  await Promise.all(
    stores.flatMap((store) =>
      [1, 2, 3].map(() =>
        store.update(async (config) => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 5));
          config.counter = (config.counter as number) + 1;
          inside--;
        }),
      ),
    ),
  );
  assert.equal(most, 1);
  assert.equal(JSON.parse(readFileSync(path, "utf8")).counter, 9, "no update was lost");
});

test("a lock left by a process that died is taken over", async () => {
  writeFileSync(path, JSON.stringify({ v: 1 }));
  const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
  writeFileSync(`${path}.lock`, JSON.stringify({ pid: Number(dead), host: (await import("node:os")).hostname(), since: new Date().toISOString() }));
  const store = await FileConfigStore.open(path, { lock: { timeoutMs: 2_000 } });
  await store.update((config) => {
    config.v = 2;
  });
  assert.equal(JSON.parse(readFileSync(path, "utf8")).v, 2);
});

test("a lock held by a live process times out with CONFIG_LOCK_TIMEOUT", async () => {
  writeFileSync(path, JSON.stringify({ v: 1 }));
  writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.ppid, host: (await import("node:os")).hostname(), since: new Date().toISOString() }));
  const store = await FileConfigStore.open(path, { lock: { timeoutMs: 100 } });
  await assert.rejects(store.update(() => undefined), (error: unknown) => error instanceof SluiceError && error.code === "CONFIG_LOCK_TIMEOUT");
});

test("a config file that is not a JSON object is refused with CONFIG_FILE_INVALID", async () => {
  writeFileSync(path, "[1, 2]");
  await assert.rejects(FileConfigStore.open(path), (error: unknown) => error instanceof SluiceError && error.code === "CONFIG_FILE_INVALID");
});

test("a config file that is not JSON is refused without quoting its text (it holds tokens)", async () => {
  const token = "rt_live_7d1f0c9e8b2a";
  writeFileSync(path, `{"refresh_token": ${token}}`);
  await assert.rejects(FileConfigStore.open(path), (error: unknown) => {
    assert.ok(error instanceof SluiceError && error.code === "CONFIG_FILE_INVALID");
    assert.ok(!error.describe().includes(token.slice(0, 4)) && error.cause === undefined, error.describe());
    return true;
  });
});
