/**
 * The kit's own filters: `hash`, `hmac`, `base64encode`, `base64decode`, `base64binascii_decode`,
 * `string`, `regex_search`, `regex_replace`.
 *
 * @example
 * # manifest YAML
 * authenticator:
 *   type: ApiKeyAuthenticator
 *   api_token: "Basic {{ [config['client_id'], config['client_secret']] | join(':') | base64encode }}"
 */
import { createHash, createHmac, getHashes } from "node:crypto";
import type { FilterImpl } from "./compile-template.js";
import { pyJsonDumps } from "../python/json.js";
import { expandTemplate, withPyRegex } from "../python/regex.js";
import { pyStr } from "../python/str.js";
import { PyError, PyUndefined, truthy, typeName } from "../python/values.js";

const HASHES: Record<string, string> = {
  md5: "md5", sha1: "sha1", sha224: "sha224", sha256: "sha256", sha384: "sha384", sha512: "sha512",
  sha3_224: "sha3-224", sha3_256: "sha3-256", sha3_384: "sha3-384", sha3_512: "sha3-512",
  blake2b: "blake2b512", blake2s: "blake2s256",
};

function requireString(value: unknown, method: string): string {
  if (value instanceof PyUndefined) value.fail();
  if (typeof value !== "string") throw new PyError("AttributeError", `'${typeName(value)}' object has no attribute '${method}'`);
  return value;
}

function strictBase64Decode(text: string): Buffer {
  // Python's b64decode drops characters outside the alphabet, then insists on correct padding.
  const cleaned = text.replace(/[^A-Za-z0-9+/=]/g, "");
  const data = cleaned.replace(/=/g, "");
  const rem = data.length % 4;
  if (rem === 1) throw new PyError("ValueError", "Invalid base64-encoded string");
  const pads = /=*$/.exec(cleaned)?.[0].length ?? 0;
  if (rem > 0 && pads < 4 - rem) throw new PyError("ValueError", "Incorrect padding");
  return Buffer.from(data, "base64");
}

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new PyError("ValueError", "'utf-8' codec can't decode bytes");
  }
}

/** The kit's filters, by name. */
export const kitFilters: Record<string, FilterImpl> = {
  hash: (value, [hashType = "md5", salt = null]) => {
    const name = typeof hashType === "string" && Object.hasOwn(HASHES, hashType) ? HASHES[hashType] : undefined;
    if (!name || !getHashes().includes(name)) throw new PyError("AttributeError", `No hashing function named ${pyStr(hashType)}`);
    const hash = createHash(name).update(pyStr(value), "utf8");
    if (truthy(salt)) hash.update(pyStr(salt), "utf8");
    return hash.digest("hex");
  },
  hmac: (value, [key, hashType = "sha256"]) => {
    if (hashType !== "sha256") throw new PyError("ValueError", `Hash type '${pyStr(hashType)}' is not allowed. Allowed types: sha256`);
    return createHmac("sha256", Buffer.from(pyStr(key), "utf8")).update(pyStr(value), "utf8").digest("hex");
  },
  base64encode: (value) => Buffer.from(requireString(value, "encode"), "utf8").toString("base64"),
  base64decode: (value) => utf8(strictBase64Decode(requireString(value, "encode"))),
  // The kit's filter of this name encodes (a defect in the kit, kept so manifests render the same).
  base64binascii_decode: (value) => {
    const text = requireString(value, "encode");
    if (/[^\x00-\x7f]/.test(text)) throw new PyError("ValueError", "'ascii' codec can't encode characters");
    return Buffer.from(text, "latin1").toString("base64");
  },
  string: (value) => (typeof value === "string" ? value : `"""${pyJsonDumps(value)}"""`),
  regex_search: (value, [regex]) => {
    const match = withPyRegex(pyStr(regex), (re) => re.exec(requireRegexSubject(value)));
    if (match && match.length > 1) return match[1] === undefined ? null : match[1];
    return "";
  },
  regex_replace: (value, [regex, replacement]) => {
    const template = pyStr(replacement);
    return withPyRegex(pyStr(regex), (re) => requireRegexSubject(value).replace(re, (...found: unknown[]) => {
      const groups = typeof found[found.length - 1] === "object" ? (found[found.length - 1] as Record<string, string>) : undefined;
      const hasGroups = groups !== undefined;
      const parts = found.slice(0, hasGroups ? -3 : -2) as string[];
      const match = Object.assign([...parts], { index: 0, input: "", groups }) as unknown as RegExpExecArray;
      return expandTemplate(template, match);
    }));
  },
};

/** Python's `re` accepts only text: `None` and Jinja's Undefined raise TypeError (the kit's TypeError rule then applies). */
function requireRegexSubject(value: unknown): string {
  if (typeof value !== "string") throw new PyError("TypeError", "expected string or bytes-like object");
  return value;
}
