import { rename, unlink } from "node:fs/promises";
import { SluiceError } from "../../sdk/index.js";
import { keyMismatch } from "./secret-cipher.js";
import { keyFiles, loadSecretKey, readKeyFile, SecretKey, writeKeyFile } from "./secret-key.js";

/**
 * The key a store seals with, and how a key rotation replaces it. A rotation is crash-safe and
 * race-safe: it runs under the store's exclusive lock, saves the new key first (`secret.key.next`,
 * created exclusively), re-encrypts the secrets in the same transaction, and the new key replaces the
 * old file only under the lock again, once the store records it. A store that finds its secrets under
 * the saved next key finishes the interrupted rotation itself, and a saved next key that opens nothing
 * (a rotation killed before its commit) is removed ({@link SecretKeyring.keyFor}).
 */
export interface SecretKeyring {
  /** The key new secrets are sealed with. */
  readonly current: SecretKey;
  /** Under the store's lock: the key whose id the store records, or `SECRET_KEY_MISMATCH`. */
  keyFor(storedKeyId: string): Promise<SecretKey>;
  /**
   * Under the store's exclusive lock, with the id of the key that opens the store: the new key,
   * saved where a crash finds it before anything is sealed with it.
   */
  nextKey(storedKeyId: string): Promise<SecretKey>;
  /** What the user is told once a rotation committed. */
  readonly rotationNote: string;
}

/**
 * The keyring of a Sluice home: `SLUICE_SECRET_KEY` when set (rotation then takes the new key from
 * `SLUICE_NEW_SECRET_KEY`), else the key file `<home>/secret.key`.
 *
 * @example
 * const keyring = await openKeyring({ env: process.env, home: sluiceHome() });
 */
export async function openKeyring(options: { env?: NodeJS.ProcessEnv; home: string }): Promise<SecretKeyring> {
  const key = await loadSecretKey(options);
  return options.env?.SLUICE_SECRET_KEY ? new EnvKeyring(key, options.env) : new FileKeyring(key, options.home);
}

class FileKeyring implements SecretKeyring {
  private pendingChecked = false;

  constructor(public current: SecretKey, private readonly home: string) {}

  get rotationNote(): string {
    return `the new key is in ${keyFiles(this.home).current}; the old key is gone, so backups of the old key file no longer open this store`;
  }

  async keyFor(storedKeyId: string): Promise<SecretKey> {
    const files = keyFiles(this.home);
    if (storedKeyId === this.current.id) {
      if (!this.pendingChecked) await this.dropStalePending(storedKeyId);
      return this.current;
    }
    const onDisk = await readKeyFile(files.current);
    if (onDisk?.id === storedKeyId) return (this.current = onDisk); // another process rotated the key while this one ran
    const next = await readPending(files.next);
    if (next?.id !== storedKeyId) {
      // Between reading the key file and the next key's file, another process may have moved the committed next
      // key into place (rename): the key file, read again, is then the stored key.
      const moved = await readKeyFile(files.current);
      if (moved?.id === storedKeyId) return (this.current = moved);
      throw keyMismatch(this.current, storedKeyId);
    }
    await this.promote(next); // a rotation committed but did not get to replace the key file
    return this.current;
  }

  async nextKey(storedKeyId: string): Promise<SecretKey> {
    const files = keyFiles(this.home);
    const next = SecretKey.generate(files.current);
    for (let attempt = 0; ; attempt++) {
      try {
        await writeKeyFile(files.next, next, "wx");
        return next;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      }
      // Under the exclusive lock no other rotation is between saving its key and committing: the file
      // left here is either the committed key of a rotation that did not get to rename it, or stale.
      const pending = await readPending(files.next);
      if (pending?.id === storedKeyId) await this.promote(pending);
      else await unlink(files.next).catch(() => undefined);
    }
  }

  /** Moves the saved next key into the key file (two processes may both do it: the same key lands). */
  private async promote(next: SecretKey): Promise<void> {
    const files = keyFiles(this.home);
    await rename(files.next, files.current).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT" || (await readKeyFile(files.current))?.id !== next.id) throw error;
    });
    this.current = new SecretKey(next.bytes, files.current);
  }

  /** A saved next key that does not open the store was left by a rotation killed before its commit. */
  private async dropStalePending(storedKeyId: string): Promise<void> {
    this.pendingChecked = true;
    const { next } = keyFiles(this.home);
    const pending = await readPending(next).catch(() => undefined);
    if (pending && pending.id !== storedKeyId) await unlink(next).catch(() => undefined);
  }
}

/** The saved next key; a file cut short by a crash while it was written counts as none (it sealed nothing). */
async function readPending(file: string): Promise<SecretKey | undefined> {
  try {
    return await readKeyFile(file);
  } catch (error) {
    if (error instanceof SluiceError && error.code === "SECRET_KEY_INVALID") return undefined;
    throw error;
  }
}

class EnvKeyring implements SecretKeyring {
  readonly rotationNote = "set SLUICE_SECRET_KEY to the value of SLUICE_NEW_SECRET_KEY now: the old key no longer opens this store";

  constructor(readonly current: SecretKey, private readonly env: NodeJS.ProcessEnv) {}

  async keyFor(storedKeyId: string): Promise<SecretKey> {
    if (storedKeyId === this.current.id) return this.current;
    const next = this.env.SLUICE_NEW_SECRET_KEY ? SecretKey.fromBase64(this.env.SLUICE_NEW_SECRET_KEY, "SLUICE_NEW_SECRET_KEY") : undefined;
    if (next?.id === storedKeyId) return next;
    throw keyMismatch(this.current, storedKeyId);
  }

  async nextKey(): Promise<SecretKey> {
    const text = this.env.SLUICE_NEW_SECRET_KEY;
    if (!text) {
      throw new SluiceError("SECRET_KEY_NEXT_MISSING", "The key comes from SLUICE_SECRET_KEY, so the new key must be given too", {
        failureType: "config_error",
        expected: "SLUICE_NEW_SECRET_KEY set to the new key (make one with: openssl rand -base64 32)",
        found: "SLUICE_NEW_SECRET_KEY not set",
      });
    }
    const next = SecretKey.fromBase64(text, "SLUICE_NEW_SECRET_KEY");
    if (next.id === this.current.id) {
      throw new SluiceError("SECRET_KEY_NEXT_MISSING", "SLUICE_NEW_SECRET_KEY is the current key", { failureType: "config_error", expected: "a new key", found: `the key with id ${next.id}` });
    }
    return next;
  }
}
