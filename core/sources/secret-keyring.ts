import { rename, unlink } from "node:fs/promises";
import { SluiceError } from "../../sdk/index.js";
import { keyMismatch } from "./secret-cipher.js";
import { keyFiles, loadSecretKey, readKeyFile, SecretKey, writeKeyFile } from "./secret-key.js";

/**
 * The key a store seals with, and how a key rotation replaces it. A rotation is crash-safe: the new
 * key is saved first (`secret.key.next`), the secrets are re-encrypted in one transaction, and only
 * then does the new key replace the old. A store that finds its secrets under the saved next key
 * finishes the interrupted rotation itself ({@link SecretKeyring.keyFor}).
 */
export interface SecretKeyring {
  /** The key new secrets are sealed with. */
  readonly current: SecretKey;
  /** The key whose id the store records, or `SECRET_KEY_MISMATCH`. */
  keyFor(storedKeyId: string): Promise<SecretKey>;
  /** Replaces the key: `reseal` re-encrypts every secret under the new key. Returns the new key and a note for the user. */
  rotate<T>(reseal: (next: SecretKey) => Promise<T>): Promise<{ result: T; note: string }>;
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
  constructor(public current: SecretKey, private readonly home: string) {}

  async keyFor(storedKeyId: string): Promise<SecretKey> {
    if (storedKeyId === this.current.id) return this.current;
    const files = keyFiles(this.home);
    const onDisk = await readKeyFile(files.current);
    if (onDisk?.id === storedKeyId) return (this.current = onDisk); // another process rotated the key while this one ran
    const next = await readKeyFile(files.next);
    if (next?.id !== storedKeyId) throw keyMismatch(this.current, storedKeyId);
    await rename(files.next, files.current); // a rotation committed but did not get to replace the key file
    this.current = new SecretKey(next.bytes, files.current);
    return this.current;
  }

  async rotate<T>(reseal: (next: SecretKey) => Promise<T>): Promise<{ result: T; note: string }> {
    const files = keyFiles(this.home);
    const next = SecretKey.generate(files.current);
    await writeKeyFile(files.next, next, "w");
    let result: T;
    try {
      result = await reseal(next);
    } catch (error) {
      await unlink(files.next).catch(() => undefined);
      throw error;
    }
    await rename(files.next, files.current);
    this.current = next;
    return { result, note: `the new key is in ${files.current}; the old key is gone, so backups of the old key file no longer open this store` };
  }
}

class EnvKeyring implements SecretKeyring {
  constructor(readonly current: SecretKey, private readonly env: NodeJS.ProcessEnv) {}

  async keyFor(storedKeyId: string): Promise<SecretKey> {
    if (storedKeyId === this.current.id) return this.current;
    const next = this.env.SLUICE_NEW_SECRET_KEY ? SecretKey.fromBase64(this.env.SLUICE_NEW_SECRET_KEY, "SLUICE_NEW_SECRET_KEY") : undefined;
    if (next?.id === storedKeyId) return next;
    throw keyMismatch(this.current, storedKeyId);
  }

  async rotate<T>(reseal: (next: SecretKey) => Promise<T>): Promise<{ result: T; note: string }> {
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
    const result = await reseal(next);
    return { result, note: "set SLUICE_SECRET_KEY to the value of SLUICE_NEW_SECRET_KEY now: the old key no longer opens this store" };
  }
}
