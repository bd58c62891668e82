import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { parseJson, stringifyJson } from "../../python/exact-json.js";
import { SluiceError } from "../../sdk/index.js";
import type { SecretKey } from "./secret-key.js";

/** A secret as stored: which key sealed it, the nonce, and the ciphertext with its 16-byte GCM tag at the end. */
interface SealedSecret {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The associated data of a secret: the source and the field path. GCM authenticates it, so a
 * ciphertext copied to another field or another source fails to open instead of being used there.
 *
 * @example
 * secretContext("acme-crm", '["credentials","refresh_token"]');
 */
export function secretContext(source: string, pathKey: string): Buffer {
  return Buffer.from(`sluice.source-secret.v1\0${source}\0${pathKey}`, "utf8");
}

/**
 * Encrypts one config value (as JSON, so numbers and objects keep their type) with AES-256-GCM and
 * a random 96-bit nonce.
 *
 * @example
 * const sealed = sealSecret(key, secretContext("acme", '["api_key"]'), "sk_live_123");
 */
export function sealSecret(key: SecretKey, context: Buffer, value: unknown): SealedSecret {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(context);
  const body = Buffer.concat([cipher.update(stringifyJson(value), "utf8"), cipher.final()]);
  return { keyId: key.id, nonce, ciphertext: Buffer.concat([body, cipher.getAuthTag()]) };
}

/**
 * Decrypts a {@link SealedSecret}. A secret sealed under another key is a `SECRET_KEY_MISMATCH`; one
 * that fails authentication (tampered, or moved to another field or source) is `SECRET_DECRYPT_FAILED`.
 * Never returns garbage.
 */
export function openSecret(key: SecretKey, context: Buffer, sealed: SealedSecret, where: string): unknown {
  if (sealed.keyId !== key.id) throw keyMismatch(key, sealed.keyId);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, sealed.nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(context);
    decipher.setAuthTag(sealed.ciphertext.subarray(sealed.ciphertext.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(sealed.ciphertext.subarray(0, sealed.ciphertext.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    return parseJson(text);
  } catch (error) {
    throw new SluiceError("SECRET_DECRYPT_FAILED", `The stored secret ${where} does not decrypt: it was altered, or moved from another field or source`, {
      failureType: "config_error",
      expected: "a ciphertext sealed for this source and field with this key",
      found: "a ciphertext whose authentication tag does not match",
      cause: error,
    });
  }
}

/** The error for secrets sealed under a key other than the one loaded. */
export function keyMismatch(key: SecretKey, storedKeyId: string): SluiceError {
  return new SluiceError("SECRET_KEY_MISMATCH", "The stored secrets were encrypted with a different key than the one Sluice loaded", {
    failureType: "config_error",
    expected: `the key with id ${storedKeyId} (set SLUICE_SECRET_KEY, or restore the key file the store was created with)`,
    found: `the key with id ${key.id}, from ${key.origin}`,
  });
}
