import { createHash, createHmac, randomUUID } from "node:crypto";
import { ConfigError } from "../../sdk/index.js";

/** The digests an `HmacAuthenticator` signs with. */
export const HMAC_ALGORITHMS = ["sha256", "sha512"] as const;
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];

/** How the secret is written in the config. */
export const HMAC_KEY_ENCODINGS = ["raw", "base64", "hex"] as const;
type HmacKeyEncoding = (typeof HMAC_KEY_ENCODINGS)[number];

/** How the signature (and `body_hash`) is written in the request. */
export const HMAC_SIGNATURE_ENCODINGS = ["hex", "base64", "base64url"] as const;
export type HmacSignatureEncoding = (typeof HMAC_SIGNATURE_ENCODINGS)[number];

/** How `timestamp` is written: whole seconds, seconds with milliseconds, milliseconds, or ISO 8601 (UTC). */
export const HMAC_TIMESTAMP_FORMATS = ["seconds", "seconds_decimal", "milliseconds", "iso8601"] as const;
export type HmacTimestampFormat = (typeof HMAC_TIMESTAMP_FORMATS)[number];

/**
 * The secret as key bytes, decoded as declared. A secret that is empty or not valid in its encoding
 * is an `AUTH_HMAC_KEY_INVALID` error that never shows the secret.
 *
 * @example
 * hmacKey("c2VjcmV0", "base64", "authenticator") // <Buffer 73 65 63 72 65 74>
 */
export function hmacKey(secret: string, encoding: HmacKeyEncoding, manifestPath: string): Buffer {
  const text = encoding === "raw" ? secret : secret.trim();
  const valid =
    text !== "" &&
    (encoding === "raw" ||
      (encoding === "hex" && /^(?:[0-9a-fA-F]{2})+$/.test(text)) ||
      (encoding === "base64" && /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/.test(text.replace(/-/g, "+").replace(/_/g, "/"))));
  if (!valid) {
    throw new ConfigError("AUTH_HMAC_KEY_INVALID", `The HMAC secret is ${text === "" ? "empty" : `not valid ${encoding}`}`, {
      where: { manifestPath: `${manifestPath}.secret_key` },
      expected: text === "" ? "the API secret" : `a ${encoding} string (secret_key_encoding: ${encoding})`,
      found: text === "" ? "an empty value" : `${text.length} characters that do not decode as ${encoding} (not shown)`,
    });
  }
  if (encoding === "raw") return Buffer.from(text, "utf8");
  return Buffer.from(encoding === "hex" ? text : text.replace(/-/g, "+").replace(/_/g, "/"), encoding);
}

/**
 * The HMAC of `message` (UTF-8) with `key`, written in `encoding`.
 *
 * @example
 * hmacSign(Buffer.from("key"), "sha256", "message", "hex") // "6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a"
 */
export function hmacSign(key: Buffer, algorithm: HmacAlgorithm, message: string, encoding: HmacSignatureEncoding): string {
  return createHmac(algorithm, key).update(message, "utf8").digest(encoding);
}

/**
 * The digest of the body (UTF-8), for a `body_hash` in the string to sign.
 *
 * @example
 * bodyHash("", "sha256", "hex") // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 */
export function bodyHash(body: string, algorithm: HmacAlgorithm, encoding: HmacSignatureEncoding): string {
  return createHash(algorithm).update(body, "utf8").digest(encoding);
}

/**
 * The time `ms` (milliseconds since the epoch) as the API wants its timestamp.
 *
 * @example
 * formatTimestamp(1499827319559, "milliseconds")    // "1499827319559"
 * formatTimestamp(1499827319559, "seconds")         // "1499827319"
 * formatTimestamp(1499827319559, "seconds_decimal") // "1499827319.559"
 * formatTimestamp(1499827319559, "iso8601")         // "2017-07-12T02:41:59.559Z"
 */
export function formatTimestamp(ms: number, format: HmacTimestampFormat): string {
  const whole = Math.floor(ms);
  if (format === "milliseconds") return String(whole);
  if (format === "seconds") return String(Math.floor(whole / 1000));
  if (format === "seconds_decimal") return `${Math.floor(whole / 1000)}.${String(whole % 1000).padStart(3, "0")}`;
  return new Date(whole).toISOString();
}

/**
 * A nonce: a random UUID (122 random bits), new for every request sent.
 *
 * @example
 * newNonce() // "3b241101-e2bb-4255-8caf-4136c566a962"
 */
export function newNonce(): string {
  return randomUUID();
}
