import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { acquireConfigLock } from "../../../core/config/config-file-lock.js";
import { createDefaultSourceStore } from "../../../core/sources/default-source-store.js";
import { PGliteDatabase } from "../../../core/sources/pglite-database.js";

const home = mkdtempSync(join(tmpdir(), "sluice-pglite-crash-"));
after(() => rmSync(home, { recursive: true, force: true }));
const STORE = pathToFileURL(join(import.meta.dirname, "../../../core/sources/default-source-store.ts")).href;

describe("the embedded store after a crash", () => {
  it("takes over the lock of a process killed inside a transaction, and the database recovers without the uncommitted change", async () => {
    const store = createDefaultSourceStore({ env: { SLUICE_HOME: home } });
    await store.create({ name: "acme", manifest: { path: "/x" }, config: { api_key: "committed-key-1234" }, secretPaths: [["api_key"]] });
    // A second process changes the source and dies (SIGKILL) before its transaction commits.
    const script = `
      const { createDefaultSourceStore } = await import(${JSON.stringify(STORE)});
      const store = createDefaultSourceStore({ env: { SLUICE_HOME: ${JSON.stringify(home)} } });
      await store.updateConfig("acme", async (config) => {
        config.api_key = "never-committed-5678";
        process.stdout.write("inside\\n");
        await new Promise(() => setInterval(() => {}, 1000));
      });`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("inside") && resolve()));
    assert.ok(existsSync(join(home, "db.lock")), "the child holds the lock");
    child.kill("SIGKILL");
    await new Promise((resolve) => child.on("close", resolve));
    const loaded = await store.load("acme");
    assert.equal(loaded.config.api_key, "committed-key-1234");
    assert.ok(!existsSync(join(home, "db.lock")), "the lock is released after use");
  });

  it("makes a usable store after a process is killed while creating it (initdb writes PG_VERSION first, the rest over seconds)", async () => {
    const fresh = mkdtempSync(join(tmpdir(), "sluice-pglite-create-"));
    try {
      const script = `
        const { createDefaultSourceStore } = await import(${JSON.stringify(STORE)});
        await createDefaultSourceStore({ env: { SLUICE_HOME: ${JSON.stringify(fresh)} } }).list();`;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: "ignore" });
      const exited = new Promise((resolve) => child.on("close", resolve));
      // Killed as soon as a database folder has its first file: the moment a half-made store is most likely.
      const hasVersionFile = () => readdirSync(fresh).some((entry) => existsSync(join(fresh, entry, "PG_VERSION")));
      while (!hasVersionFile() && child.exitCode === null) await new Promise(setImmediate);
      child.kill("SIGKILL");
      await exited;
      const notices: string[] = [];
      const store = createDefaultSourceStore({ env: { SLUICE_HOME: fresh }, notice: (line) => notices.push(line) });
      await store.create({ name: "acme", manifest: { path: "/x" }, config: { api_key: "after-crash-1234" }, secretPaths: [["api_key"]] });
      assert.equal((await store.load("acme")).config.api_key, "after-crash-1234");
      assert.deepEqual(notices, [`creating the source store in ${join(fresh, "db")} (first use, a few seconds)`]);
      assert.deepEqual(readdirSync(fresh).sort(), ["db", "secret.key"], "no scratch folder is left");
      await store.close();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("gives up with SOURCE_STORE_BUSY when a live process keeps the store locked too long", async () => {
    const lock = await acquireConfigLock(join(home, "db"));
    try {
      const db = new PGliteDatabase(join(home, "db"), { timeoutMs: 300, maxPollMs: 20 });
      await assert.rejects(db.transaction((tx) => tx.query("SELECT 1")), { code: "SOURCE_STORE_BUSY" });
    } finally {
      await lock.release();
    }
  });
});
