import { lstatSync, readFileSync } from "node:fs";
import { extname } from "node:path";
import { parse } from "yaml";
import { isCredentialName } from "../../pure/credential-name.js";

/** A file or folder left out of an image's build context, and why (never its content). */
export interface LeftOut {
  /** Relative to the connector folder, `/`-separated: `config.json`, `secrets.bak`. */
  path: string;
  reason: string;
}

/** Names (any case) of folders and files that hold credentials or a config with them, wherever they are. */
const CREDENTIAL_NAMES = /^(?:(?:secrets?|credentials?|creds)(?:[._-].*)?|config\.(?:json|ya?ml)|\.npmrc|\.pypirc|\.netrc|_netrc|\.git-credentials|\.htpasswd|\.pgpass|\.dockercfg|\.docker|\.aws|\.ssh|\.gnupg|\.kube|id_(?:rsa|dsa|ecdsa|ed25519))$/i;
/** Source files: a custom component's module is never left out for its name. */
const CODE_EXTENSIONS = new Set([".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".py"]);
/** Extensions of key and certificate stores. */
const KEY_EXTENSIONS = new Set([".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".asc", ".gpg"]);
/** Text that is a credential wherever it appears. */
const CREDENTIAL_TEXT: Array<[RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----/, "holds a private key"],
  [/(?:^|\s)(?:\/\/[^\s]*:)?_(?:authToken|auth|password)\s*=/m, "holds a registry token (an .npmrc line)"],
];
/** Files read for their content; larger ones are code or data, not a config. */
const MAX_CONTENT_BYTES = 1024 * 1024;
/** Config-like text formats whose `key = value` / `key: value` lines are read. */
const LINE_FORMATS = new Set([".ini", ".cfg", ".conf", ".properties", ".toml", ".txt"]);

/**
 * Why a connector folder's entry must stay out of an image, or `undefined`: by its name (a `secrets*` or
 * `credentials*` folder or file, a root-style `config.json`, `.npmrc`, an SSH or TLS key) or, for a file,
 * by its content: a private key, a registry token, or a JSON/YAML/ini value under a credential name
 * (`api_key`, `client_secret`, `hapikey`: the rule `sluice init` judges names by) that is not a template or
 * a placeholder (`{{ ... }}`, `<...>`). The manifest and Sluice's config files (`sluice`'s search places)
 * are not judged by content: they are the connector. A symlink is judged by its name only.
 *
 * @example
 * leftOutReason("/c/acme/config.json", "config.json", false); // "named like a credentials or config file"
 */
export function leftOutReason(path: string, name: string, connectorFile: boolean): string | undefined {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  // Code is the connector's (a component named secret-signer.ts, credential-inputs.py): judged by content only.
  if (CREDENTIAL_NAMES.test(name) && !(stat?.isFile() && CODE_EXTENSIONS.has(extname(name).toLowerCase()))) return "named like a credentials or config file";
  if (!stat?.isFile()) return undefined;
  if (KEY_EXTENSIONS.has(extname(name).toLowerCase())) return "a key or certificate file";
  if (connectorFile || stat.size > MAX_CONTENT_BYTES) return undefined;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  for (const [pattern, reason] of CREDENTIAL_TEXT) if (pattern.test(text)) return reason;
  const key = credentialKey(text, extname(name).toLowerCase());
  return key ? `holds a value under the credential name '${key}'` : undefined;
}

/** The first credential-named key with a real-looking value in a JSON, YAML or line-based config text. */
function credentialKey(text: string, extension: string): string | undefined {
  if (extension === ".json" || extension === ".yaml" || extension === ".yml") {
    let value: unknown;
    try {
      value = extension === ".json" ? JSON.parse(text) : parse(text, { maxAliasCount: 100 });
    } catch {
      return undefined;
    }
    return keyIn(value, 0);
  }
  if (!LINE_FORMATS.has(extension)) return undefined;
  for (const [, key, raw] of text.matchAll(/^\s*([A-Za-z_][\w.-]*)\s*[=:]\s*["']?([^"'\s#]+)/gm)) {
    if (isCredentialName(key!) && realValue(raw!)) return key;
  }
  return undefined;
}

function keyIn(value: unknown, depth: number): string | undefined {
  if (depth > 50 || typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string" && !Array.isArray(value) && isCredentialName(key) && realValue(item)) return key;
    const inner = keyIn(item, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/** A value that looks like a credential rather than a template, a placeholder, a URL or a word. */
function realValue(value: string): boolean {
  return value.length >= 8 && !/\s/.test(value) && !value.includes("{{") && !/^<.*>$/.test(value) && !value.includes("://") && !/^\$\{?[A-Z_]+\}?$/.test(value);
}
