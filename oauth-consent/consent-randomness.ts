import { createHash, randomBytes, randomInt } from "node:crypto";

const STATE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_";
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A fresh, unguessable `state` for one consent, with the platform's shape (reference §6.5): without
 * a `state` field, 7 random letters; with `state: {min, max}`, a length drawn in `[min, max]`
 * (defaults 7 and 24) over letters, digits and `.-_`. Drawn from the OS's CSPRNG.
 *
 * @example
 * # oauth_connector_input_specification
 * state: { min: 16, max: 32 }
 */
export function createConsentState(bounds?: { min?: number; max?: number } | null): string {
  if (!bounds) return pick(LETTERS, 7);
  const min = bounds.min ?? 7;
  const max = bounds.max ?? 24;
  return pick(STATE_CHARS, randomInt(min, max + 1));
}

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * A standard PKCE pair (RFC 7636): a 64-character verifier of unreserved characters (384 random
 * bits, within the 43-128 bounds) and its S256 challenge, `BASE64URL(SHA256(verifier))` without padding.
 *
 * @example
 * const { verifier, challenge } = createPkcePair();
 * // consent URL: ...&code_challenge=${challenge}&code_challenge_method=S256
 * // token request: code_verifier=${verifier}
 */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: pkceChallenge(verifier) };
}

/**
 * The RFC 7636 S256 challenge of a verifier: unpadded base64url of its SHA-256.
 *
 * @example
 * pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"); // "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
 */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}
