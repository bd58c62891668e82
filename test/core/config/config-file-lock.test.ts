/**
 * The config-file lock under attack by concurrent processes: several processes find the same abandoned
 * lock at once; exactly one at a time may hold the lock afterwards.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { acquireConfigLock } from "../../../core/config/config-file-lock.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-lock-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const LOCK_MODULE = join(import.meta.dirname, "..", "..", "..", "core", "config", "config-file-lock.ts");

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

/** Runs `count` processes at once, each taking the lock, logging enter/exit around a short hold. */
async function contend(config: string, log: string, count: number): Promise<void> {
  const script = join(dir, "contender.mts");
  writeFileSync(
    script,
    `import { appendFileSync } from "node:fs";
import { acquireConfigLock } from ${JSON.stringify(LOCK_MODULE)};
const [config, log, id, startAt] = process.argv.slice(2);
// all contenders start together, so that they find the abandoned lock at the same moment
await new Promise((r) => setTimeout(r, Number(startAt) - Date.now()));
const lock = await acquireConfigLock(config, { timeoutMs: 60_000 });
appendFileSync(log, "enter " + id + "\\n");
await new Promise((r) => setTimeout(r, 30));
appendFileSync(log, "exit " + id + "\\n");
await lock.release();
`,
  );
  const startAt = Date.now() + 2_000;
  const runs = Array.from({ length: count }, (_, id) =>
    new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", script, config, log, String(id), String(startAt)], { stdio: ["ignore", "ignore", "inherit"] });
      child.on("close", (code) => resolve(code ?? -1));
    }),
  );
  assert.deepEqual(await Promise.all(runs), Array(count).fill(0));
}

function assertOneHolderAtATime(log: string, count: number): void {
  const lines = readFileSync(log, "utf8").trim().split("\n");
  assert.equal(lines.length, count * 2);
  for (let i = 0; i < lines.length; i += 2) {
    const [enter, exit] = [lines[i]!.split(" "), lines[i + 1]!.split(" ")];
    assert.deepEqual([enter[0], exit[0], exit[1]], ["enter", "exit", enter[1]], `two holders at once:\n${lines.join("\n")}`);
  }
}

describe("the config-file lock", () => {
  it("lets exactly one of several processes take over a lock abandoned by a dead process, one holder at a time", async () => {
    const config = join(dir, "a.json");
    const log = join(dir, "a.log");
    writeFileSync(`${config}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), since: new Date().toISOString(), token: "abandoned" }));
    await contend(config, log, 6);
    assertOneHolderAtATime(log, 6);
    assert.equal(existsSync(`${config}.lock`), false);
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes("takeover")), []);
  });

  it("takes over a lock older than staleMs even when written before lock tokens existed", async () => {
    const config = join(dir, "b.json");
    writeFileSync(`${config}.lock`, JSON.stringify({ pid: process.pid, host: "another-host", since: "2020-01-01T00:00:00Z" }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const lock = await acquireConfigLock(config, { staleMs: 10, timeoutMs: 5_000 });
    assert.match(readFileSync(`${config}.lock`, "utf8"), /"token"/);
    await lock.release();
    assert.equal(existsSync(`${config}.lock`), false);
  });

  it("waits for a live holder and does not remove a lock that is no longer its own on release", async () => {
    const config = join(dir, "c.json");
    const first = await acquireConfigLock(config);
    let secondHolds = false;
    const second = acquireConfigLock(config, { timeoutMs: 5_000 }).then((lock) => {
      secondHolds = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(secondHolds, false, "the second acquirer waits while the first holder is alive");
    // Another live process's lock replaces the first holder's in one step (rename, no moment without a lock file).
    const foreign = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), token: "another-holder" });
    writeFileSync(`${config}.lock.next`, foreign);
    renameSync(`${config}.lock.next`, `${config}.lock`);
    await first.release();
    assert.equal(readFileSync(`${config}.lock`, "utf8"), foreign, "the first holder's release leaves the other holder's lock alone");
    assert.equal(secondHolds, false);
    rmSync(`${config}.lock`);
    await (await second).release();
    assert.equal(existsSync(`${config}.lock`), false);
  });
});

describe("a waiter follows the holder's heartbeat, not a fixed budget", () => {
  it("waits past stuckMs while the holder is alive and its heartbeat goes on (a loaded machine's long hold)", async () => {
    const config = join(dir, "beating.json");
    const holder = await acquireConfigLock(config, { heartbeatMs: 100 });
    const started = Date.now();
    const waiter = acquireConfigLock(config, { stuckMs: 500, maxPollMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await holder.release();
    const lock = await waiter;
    assert.ok(Date.now() - started >= 1_400, "the waiter waited for the holder, three times its stuck limit");
    await lock.release();
  });

  it("gives up with CONFIG_LOCK_TIMEOUT when a live holder shows no heartbeat for stuckMs (stuck or frozen)", async () => {
    const config = join(dir, "stuck.json");
    const frozen = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"], { stdio: "ignore" });
    try {
      writeFileSync(`${config}.lock`, JSON.stringify({ pid: frozen.pid, host: hostname(), since: new Date().toISOString(), token: "frozen" }));
      await assert.rejects(acquireConfigLock(config, { stuckMs: 500, maxPollMs: 50 }), (error: unknown) => {
        assert.equal((error as { code?: string }).code, "CONFIG_LOCK_TIMEOUT");
        assert.match(String((error as Error).message), /no progress/);
        return true;
      });
      assert.ok(existsSync(`${config}.lock`), "a live holder's lock is never taken over");
    } finally {
      frozen.kill();
    }
  });
});
