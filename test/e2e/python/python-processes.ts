/**
 * The processes of a Python read, seen from /proc: the bridge's python3 child of a `sluice` process,
 * and whether it still runs once `sluice` was stopped.
 *
 * @example
 * const python = await bridgeChildOf(child.pid!);
 * child.kill("SIGTERM");
 * assert.ok(await eventually(async () => !(await running(python!))));
 */
import { readdir, readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** The pid of the process's child running `python3 -m sluice_bridge`, if any (from /proc). */
export async function bridgeChildOf(pid: number): Promise<number | undefined> {
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent !== pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.includes("sluice_bridge")) return Number(entry);
  }
  return undefined;
}

/** Whether `pid` still runs (a zombie waiting for its reaper does not). */
export async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

/** Polls `condition` every 10 ms, at most 15 s; whether it came true. */
export async function eventually(condition: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 1500; i++) {
    if (await condition()) return true;
    await sleep(10);
  }
  return false;
}
