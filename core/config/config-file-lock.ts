import { open, readFile, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { ConfigError } from "../../sdk/index.js";

/** Options of {@link acquireConfigLock}. */
export interface ConfigLockOptions {
  /** Give up after this long (default 120 s: a token refresh with retries fits in it). */
  timeoutMs?: number;
  /** A lock older than this is taken over even if its owner looks alive (default 10 min). */
  staleMs?: number;
  /** The longest pause between two looks at a held lock (default 250 ms; waits start at 10 ms and double). */
  maxPollMs?: number;
}

/** A held lock; `release()` removes the lock file. */
export interface ConfigLock {
  release(): Promise<void>;
}

/**
 * Takes the lock file `<config>.lock` (created with O_EXCL, so exactly one process holds it), waiting
 * while another process holds it. A lock left by a process that died (same host, pid gone) or older
 * than `staleMs` is taken over, so a crash never blocks the connection forever.
 *
 * @example
 * const lock = await acquireConfigLock("secrets/config.json");
 * try { ... } finally { await lock.release(); }
 */
export async function acquireConfigLock(configPath: string, options: ConfigLockOptions = {}): Promise<ConfigLock> {
  const lockPath = `${configPath}.lock`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const staleMs = options.staleMs ?? 600_000;
  const started = Date.now();
  let wait = 10;
  for (;;) {
    try {
      const handle = await open(lockPath, "wx", 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      await handle.close();
      return { release: () => unlink(lockPath).catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new ConfigError("CONFIG_LOCK_FAILED", `Could not create the lock file ${lockPath}: ${(error as Error).message}`, { where: { file: configPath }, cause: error });
      }
    }
    if (await isAbandoned(lockPath, staleMs)) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new ConfigError("CONFIG_LOCK_TIMEOUT", `Another process has held the config lock ${lockPath} for over ${Math.round(timeoutMs / 1000)} s`, {
        where: { file: configPath },
        expected: "the lock released (another sync of this connection is refreshing its token)",
        found: `${lockPath} still present; delete it if no other process uses this config`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, options.maxPollMs ?? 250);
  }
}

async function isAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  try {
    const [info, text] = await Promise.all([stat(lockPath), readFile(lockPath, "utf8")]);
    if (Date.now() - info.mtimeMs > staleMs) return true;
    const owner = JSON.parse(text) as { pid?: number; host?: string };
    if (owner.host !== hostname() || typeof owner.pid !== "number") return false;
    if (owner.pid === process.pid) return false; // another store in this process: it will release
    return !processAlive(owner.pid);
  } catch {
    return false; // being written or just removed: look again
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
