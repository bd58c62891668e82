import { createHash, randomUUID } from "node:crypto";
import { open, readFile, stat, unlink, utimes } from "node:fs/promises";
import { hostname } from "node:os";
import { ConfigError } from "../../sdk/index.js";

/** Options of {@link acquireConfigLock}. */
export interface ConfigLockOptions {
  /**
   * Give up after this long in any case (default: no fixed limit; a waiter waits while the holder is
   * alive and its heartbeat goes on, see `stuckMs`).
   */
  timeoutMs?: number;
  /** Give up when the holder's heartbeat (the lock file's time, refreshed every `heartbeatMs`) is older than this (default 30 s). */
  stuckMs?: number;
  /** How often a holder refreshes its lock file's time (default 1 s). */
  heartbeatMs?: number;
  /** A lock older than this is taken over even if its owner looks alive (default 10 min). */
  staleMs?: number;
  /** The longest pause between two looks at a held lock (default 250 ms; waits start at 10 ms and double). */
  maxPollMs?: number;
}

/** A held lock; `release()` removes the lock file (only while it is still this holder's). */
export interface ConfigLock {
  release(): Promise<void>;
}

/** What a lock file holds: its owner, and a token no other lock ever has. */
interface LockOwner {
  pid?: number;
  host?: string;
  since?: string;
  token?: string;
}

/** A claim on taking over one abandoned lock lives milliseconds; one this old was left by a crash. */
const CLAIM_STALE_MS = 60_000;

/**
 * Takes the lock file `<config>.lock` (created with O_EXCL, so exactly one process holds it), waiting
 * while another process holds it and shows progress: a holder refreshes the lock file's time every
 * second (a heartbeat, from its event loop), so a waiter waits as long as the holder works, however
 * long on a loaded machine, and gives up (`CONFIG_LOCK_TIMEOUT`) only when the heartbeat stopped for
 * `stuckMs` (a holder stuck, or frozen) or after `timeoutMs` when one is given. A lock left by a process that died (same host, pid gone) or older
 * than `staleMs` is taken over, atomically: each lock file carries a unique token, and only the process
 * that creates the claim file `<config>.lock.takeover-<token>` (O_EXCL again) may remove that lock, after
 * checking it still holds the same token. Two processes that both find the lock abandoned therefore
 * never both remove it (nor remove the fresh lock the other has just taken).
 *
 * @example
 * const lock = await acquireConfigLock("secrets/config.json");
 * try { ... } finally { await lock.release(); }
 */
export async function acquireConfigLock(configPath: string, options: ConfigLockOptions = {}): Promise<ConfigLock> {
  const lockPath = `${configPath}.lock`;
  const timeoutMs = options.timeoutMs ?? Number.POSITIVE_INFINITY;
  const stuckMs = options.stuckMs ?? 30_000;
  const staleMs = options.staleMs ?? 600_000;
  const started = Date.now();
  let wait = 10;
  for (;;) {
    const token = randomUUID();
    try {
      const handle = await open(lockPath, "wx", 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), token }));
      await handle.close();
      const heartbeat = setInterval(() => {
        const now = new Date();
        void utimes(lockPath, now, now).catch(() => undefined);
      }, options.heartbeatMs ?? 1_000);
      heartbeat.unref();
      return {
        release: () => {
          clearInterval(heartbeat);
          return releaseIfOwned(lockPath, token);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new ConfigError("CONFIG_LOCK_FAILED", `Could not create the lock file ${lockPath}: ${(error as Error).message}`, { where: { file: configPath }, cause: error });
      }
    }
    const abandoned = await abandonedToken(lockPath, staleMs);
    if (abandoned !== undefined) {
      await takeOver(lockPath, abandoned);
      continue;
    }
    const waited = Date.now() - started;
    const silent = await heartbeatAge(lockPath);
    if (waited > timeoutMs || (waited > stuckMs && silent !== undefined && silent > stuckMs)) {
      const why = waited > timeoutMs ? `for over ${Math.round(timeoutMs / 1000)} s` : `and has shown no progress (no heartbeat) for ${Math.round(silent! / 1000)} s`;
      throw new ConfigError("CONFIG_LOCK_TIMEOUT", `Another process has held the config lock ${lockPath} ${why}`, {
        where: { file: configPath },
        expected: "the lock released (another sync of this connection is refreshing its token)",
        found: `${lockPath} still present; delete it if no other process uses this config`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, options.maxPollMs ?? 250);
  }
}

/**
 * Removes the abandoned lock that holds `token`, if this process wins the claim on it. Whoever loses
 * simply tries to take the lock again, as if it had just been released.
 */
async function takeOver(lockPath: string, token: string): Promise<void> {
  const claim = `${lockPath}.takeover-${token.replace(/[^\w-]/g, "")}`;
  try {
    await (await open(claim, "wx", 0o600)).close();
  } catch {
    await removeStaleClaim(claim);
    return;
  }
  try {
    if ((await readIdentity(lockPath)) === token) await unlink(lockPath).catch(() => undefined);
  } finally {
    await unlink(claim).catch(() => undefined);
  }
}

/** A claim whose taker crashed (it lives milliseconds otherwise) is removed, so the abandoned lock can be claimed again. */
async function removeStaleClaim(claim: string): Promise<void> {
  try {
    if (Date.now() - (await stat(claim)).mtimeMs > CLAIM_STALE_MS) await unlink(claim);
  } catch {
    // gone already: nothing to clean
  }
}

async function releaseIfOwned(lockPath: string, token: string): Promise<void> {
  if ((await readIdentity(lockPath)) === token) await unlink(lockPath).catch(() => undefined);
}

/** The identity of the lock file now at `lockPath`, or undefined when there is none. */
async function readIdentity(lockPath: string): Promise<string | undefined> {
  try {
    return identity(await readFile(lockPath, "utf8"));
  } catch {
    return undefined;
  }
}

/** A lock's token; a lock written before tokens existed is identified by a hash of its text. */
function identity(text: string): string {
  try {
    const token = (JSON.parse(text) as LockOwner).token;
    if (typeof token === "string") return token;
  } catch {
    // not JSON: identified by its text
  }
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** The token of the lock when its owner is gone (or it is older than `staleMs`); undefined while it is held. */
async function abandonedToken(lockPath: string, staleMs: number): Promise<string | undefined> {
  try {
    const [info, text] = await Promise.all([stat(lockPath), readFile(lockPath, "utf8")]);
    const token = identity(text);
    if (Date.now() - info.mtimeMs > staleMs) return token;
    const owner = JSON.parse(text) as LockOwner;
    if (owner.host !== hostname() || typeof owner.pid !== "number") return undefined;
    if (owner.pid === process.pid) return undefined; // another store in this process: it will release
    return processAlive(owner.pid) ? undefined : token;
  } catch {
    return undefined; // being written or just removed: look again
  }
}

/** How long ago the lock file's holder last refreshed it; undefined when there is no lock file. */
async function heartbeatAge(lockPath: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs;
  } catch {
    return undefined;
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
