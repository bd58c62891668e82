import { createPrivateKey, sign as cryptoSign, type KeyObject } from "node:crypto";
import type { JwtHeader } from "jsonwebtoken";
import { AuthenticationError, lazyPackage, ManifestError } from "../../sdk/index.js";

/**
 * jsonwebtoken, imported when a `JwtAuthenticator` signs its first token: with its dependencies (semver,
 * jws) it costs about 20 ms of start-up, and `spec`, `check` and `discover` build every stream's
 * authenticator without all of them signing.
 */
const loadJsonWebToken = lazyPackage("jsonwebtoken", "JwtAuthenticator", async () => (await import("jsonwebtoken")).default);

/** The algorithms of the manifest schema's `JwtAuthenticator.algorithm` enum. */
export const JWT_ALGORITHMS = ["HS256", "HS384", "HS512", "ES256", "ES256K", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** What {@link createJwtSigner} needs: the algorithm, the key text and how to read it. */
interface JwtKeyOptions {
  algorithm: JwtAlgorithm;
  /** The secret (HS*) or the PEM private key (others). */
  key: string;
  /** Decrypts an encrypted PEM private key. */
  passphrase?: string;
  /** HS*: sign with the base64 text of the secret (the kit encodes, it does not decode). */
  base64EncodeKey?: boolean;
  /** The manifest path, for errors. */
  where: string;
}

/** Signs a header and a payload into a compact JWS. */
type JwtSigner = (header: Record<string, unknown>, payload: Record<string, unknown>) => Promise<string>;

/**
 * Reads the key once, now (a bad key fails the build; PEM parsing and decryption cost far more than a
 * signature), and returns a signer. An HMAC secret (HS*) stays bytes: only an empty one is refused.
 * jsonwebtoken signs every algorithm it supports; ES256K and EdDSA, which it does not, are signed with
 * node:crypto directly (raw r||s for ECDSA, as JWS requires).
 *
 * @example
 * const sign = await createJwtSigner({ algorithm: "HS256", key: "secret", where: "authenticator" });
 * await sign({ typ: "JWT", alg: "HS256" }, { iss: "me", iat: 1, exp: 2, nbf: 1 });
 */
export async function createJwtSigner(options: JwtKeyOptions): Promise<JwtSigner> {
  const key = readKey(options);
  const { algorithm } = options;
  if (algorithm === "EdDSA" || algorithm === "ES256K") {
    // Neither is an HMAC: readKey read a PEM private key.
    const privateKey = key as KeyObject;
    return async (header, payload) => {
      const input = `${base64url(JSON.stringify({ ...header, alg: algorithm }))}.${base64url(JSON.stringify(payload))}`;
      const signature = algorithm === "EdDSA" ? cryptoSign(null, Buffer.from(input), privateKey) : cryptoSign("sha256", Buffer.from(input), { key: privateKey, dsaEncoding: "ieee-p1363" });
      return `${input}.${signature.toString("base64url")}`;
    };
  }
  return async (header, payload) => {
    const jwt = await loadJsonWebToken();
    try {
      return jwt.sign(payload, key, { algorithm, header: { ...header, alg: algorithm } as JwtHeader, allowInsecureKeySizes: true, allowInvalidAsymmetricKeyTypes: true });
    } catch (error) {
      throw new AuthenticationError("AUTH_JWT_SIGN_FAILED", `Could not sign the JWT with ${algorithm}: ${error instanceof Error ? error.message : String(error)}`, {
        failureType: "config_error",
        where: { manifestPath: options.where },
        cause: error,
      });
    }
  };
}

function readKey(options: JwtKeyOptions): KeyObject | Buffer {
  const { algorithm, key, passphrase } = options;
  try {
    if (algorithm.startsWith("HS")) {
      if (key === "") throw new RangeError("the secret is empty");
      // Bytes, not a KeyObject: any non-empty secret is a valid HMAC key, and the build loads no node:crypto.
      return Buffer.from(options.base64EncodeKey ? Buffer.from(key, "utf8").toString("base64") : key, "utf8");
    }
    return passphrase ? createPrivateKey({ key, format: "pem", passphrase }) : createPrivateKey({ key, format: "pem" });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ManifestError("AUTH_JWT_KEY_INVALID", `The JwtAuthenticator secret_key cannot be used with ${algorithm}`, {
      where: { manifestPath: `${options.where}.secret_key` },
      expected: algorithm.startsWith("HS") ? "a non-empty secret" : `a PEM private key for ${algorithm}${passphrase ? " that the passphrase decrypts" : " (set passphrase if it is encrypted)"}`,
      found: reason.replace(/-----BEGIN[\s\S]*?-----END[^-]*-----/g, "<key>"),
      cause: error,
    });
  }
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
