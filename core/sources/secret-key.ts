import { createHmac, randomBytes } from "node:crypto";
import { chmod, mkdir, open } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { SluiceError } from "../../sdk/index.js";

/**
 * A 32-byte AES-256 key and where it came from. Its `id` (an HMAC of a constant under the key) names
 * it in the store and in errors without revealing it.
 *
 * @example
 * const key = SecretKey.fromBase64(process.env.SLUICE_SECRET_KEY!, "SLUICE_SECRET_KEY");
 */
export class SecretKey {
  readonly id: string;

  constructor(readonly bytes: Buffer, readonly origin: string) {
    if (bytes.length !== 32) throw invalidKey(origin, `${bytes.length} bytes`);
    this.id = createHmac("sha256", bytes).update("sluice.secret-key-id.v1").digest("hex").slice(0, 16);
  }

  /** A new random key. */
  static generate(origin: string): SecretKey {
    return new SecretKey(randomBytes(32), origin);
  }

  /** Reads a base64 key (32 bytes once decoded); the text is never echoed in an error. */
  static fromBase64(text: string, origin: string): SecretKey {
    const trimmed = text.trim();
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw invalidKey(origin, "text that is not base64");
    return new SecretKey(Buffer.from(trimmed, "base64"), origin);
  }

  toBase64(): string {
    return this.bytes.toString("base64");
  }
}

/** Where Sluice keeps its data: `SLUICE_HOME`, default `~/.sluice`. */
export function sluiceHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.SLUICE_HOME || join(homedir(), ".sluice");
}

/** The key file under a Sluice home, and the file a key rotation writes first. */
export function keyFiles(home: string): { current: string; next: string } {
  return { current: join(home, "secret.key"), next: join(home, "secret.key.next") };
}

/**
 * The key: `SLUICE_SECRET_KEY` (base64 of 32 bytes) when set, else `<home>/secret.key`, created on
 * first use with mode 0600 (in a home folder of mode 0700). A key file that others can read is
 * refused, as ssh refuses such a private key.
 *
 * @example
 * const key = await loadSecretKey({ env: process.env, home: sluiceHome() });
 */
export async function loadSecretKey(options: { env?: NodeJS.ProcessEnv; home: string }): Promise<SecretKey> {
  const fromEnv = options.env?.SLUICE_SECRET_KEY;
  if (fromEnv) return SecretKey.fromBase64(fromEnv, "SLUICE_SECRET_KEY");
  const file = keyFiles(options.home).current;
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(options.home, { recursive: true, mode: 0o700 });
  const key = SecretKey.generate(file);
  try {
    await writeKeyFile(file, key, "wx");
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw keyFileError(file, error);
    return (await readKeyFile(file))!; // another process created it first: use theirs
  }
}

/**
 * Reads a key file, or undefined when there is none. The file is opened once and its mode checked on
 * the open handle: a key file another process renames away meanwhile (a rotation moving
 * `secret.key.next` into place) is either read whole or found absent, never an error.
 */
export async function readKeyFile(file: string): Promise<SecretKey | undefined> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw keyFileError(file, error);
  }
  try {
    const info = await handle.stat();
    if ((info.mode & 0o077) !== 0) {
      throw new SluiceError("SECRET_KEY_FILE_UNSAFE", `The key file ${file} can be read by other users`, {
        failureType: "config_error",
        expected: "mode 0600 (only its owner reads it)",
        found: `mode 0${(info.mode & 0o777).toString(8)}; run: chmod 600 ${file}`,
      });
    }
    const text = await handle.readFile("utf8").catch((error: unknown) => {
      throw keyFileError(file, error);
    });
    return SecretKey.fromBase64(text, file);
  } finally {
    await handle.close();
  }
}

/** Writes a key file with mode 0600 and flushes it to disk (`flag` "wx" refuses to replace one). */
export async function writeKeyFile(file: string, key: SecretKey, flag: "wx" | "w"): Promise<void> {
  const handle = await open(file, flag, 0o600);
  try {
    await handle.writeFile(`${key.toBase64()}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await chmod(file, 0o600);
}

function invalidKey(origin: string, found: string): SluiceError {
  return new SluiceError("SECRET_KEY_INVALID", `The secret key from ${origin} is not a usable AES-256 key`, {
    failureType: "config_error",
    expected: "32 random bytes, base64-encoded (make one with: openssl rand -base64 32)",
    found,
  });
}

function keyFileError(file: string, error: unknown): SluiceError {
  return new SluiceError("SECRET_KEY_FILE_UNREADABLE", `The key file ${file} could not be read or created: ${(error as Error).message}`, { failureType: "system_error", cause: error });
}
