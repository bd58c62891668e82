import { readFile } from "node:fs/promises";
import { parseDocument } from "yaml";
import { ConfigError } from "../../sdk/errors/index.js";
import type { ConnectorConfig } from "../../sdk/services/config-store.js";
import { writeFileAtomic } from "./write-file-atomic.js";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import type { ConfigValue } from "../../oauth-consent/complete-consent.js";

function isYaml(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** The indentation a JSON file uses (two spaces, four, a tab, or none), so a rewrite keeps its look. */
function jsonIndent(text: string): string | number {
  const match = /^[{[]\s*\n([ \t]+)\S/.exec(text.trimStart());
  return match ? match[1]! : text.trim().includes("\n") ? 2 : 0;
}

/**
 * Reads a connector config file (JSON, or YAML by extension). A file that is missing or is not a
 * mapping raises `OAUTH_CONFIG_FILE_INVALID`.
 *
 * @example
 * const config = await readConfigFile("secrets/config.json");
 */
export async function readConfigFile(file: string): Promise<ConnectorConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError("OAUTH_CONFIG_FILE_INVALID", "The config file could not be read", {
      where: { file }, expected: "a readable JSON or YAML file", found: (error as NodeJS.ErrnoException).code ?? "an error", cause: error,
    });
  }
  let value: unknown;
  try {
    value = isYaml(file) ? parseDocument(text).toJS() : JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    // The message must not quote the file: it holds credentials.
    throw new ConfigError("OAUTH_CONFIG_FILE_INVALID", "The config file is not a JSON (or YAML) mapping", {
      where: { file }, expected: isYaml(file) ? "a YAML mapping" : "a JSON object", found: value === undefined ? "text that does not parse" : Array.isArray(value) ? "a list" : typeof value,
    });
  }
  return value as ConnectorConfig;
}

/**
 * Writes a consent's values into a config file atomically (temp file, fsync, rename), changing
 * nothing else: the file is re-read right before the write (so an edit made during the consent is
 * kept), a JSON file keeps its indentation and key order, a YAML file keeps its comments and layout.
 *
 * @example
 * await writeConsentValues("secrets/config.json", result.values);
 */
export async function writeConsentValues(file: string, values: readonly ConfigValue[]): Promise<void> {
  const text = await readFile(file, "utf8");
  await readConfigFile(file);
  let out: string;
  if (isYaml(file)) {
    const doc = parseDocument(text);
    for (const { path, value } of values) doc.setIn(path, value);
    out = String(doc);
  } else {
    const updated = applyConsentValues(JSON.parse(text) as ConnectorConfig, values);
    out = JSON.stringify(updated, null, jsonIndent(text)) + (text.endsWith("\n") ? "\n" : "");
  }
  await writeFileAtomic(file, out);
}
