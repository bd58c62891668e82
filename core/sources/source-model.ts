import { ConfigError, type ConnectorConfig } from "../../sdk/index.js";
import type { ConfigPath } from "./config-paths.js";

/**
 * Where a source's connector comes from: a manifest file (its folder holds any custom components), or
 * a manifest stored with the source.
 *
 * @example
 * { path: "/srv/connectors/acme/manifest.yaml" }
 * { manifest: { version: "6.0.0", streams: [...] } }
 */
export type ManifestRef = { path: string } | { manifest: Record<string, unknown> };

/**
 * A source: a named connector instance, the connector and the end user's config. `secretPaths` names
 * the config values stored encrypted (the spec's `airbyte_secret` fields, the authenticators'
 * credentials and every value an authenticator wrote back).
 *
 * @example
 * { name: "acme-prod", manifest: { path: "/srv/acme/manifest.yaml" },
 *   config: { base_url: "https://api.acme.com", api_key: "..." }, secretPaths: [["api_key"]] }
 */
export interface SourceRecord {
  name: string;
  manifest: ManifestRef;
  config: ConnectorConfig;
  secretPaths: ConfigPath[];
}

/** A source as `list` shows it: no config, no secrets. */
export interface SourceSummary {
  name: string;
  /** The manifest file, or undefined for a stored manifest. */
  manifestPath?: string;
  secretCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Refuses a source name that is not 1-100 letters, digits, `.`, `_` or `-` (starting with a letter or digit). */
export function checkSourceName(name: string): void {
  if (!NAME.test(name)) {
    throw new ConfigError("SOURCE_NAME_INVALID", `'${name.slice(0, 100)}' is not a usable source name`, {
      expected: "1-100 letters, digits, '.', '_' or '-', starting with a letter or digit (e.g. acme-prod)",
      found: JSON.stringify(name.slice(0, 100)),
    });
  }
}

/** The error for a name no source has. */
export function sourceNotFound(name: string, known?: readonly string[]): ConfigError {
  return new ConfigError("SOURCE_NOT_FOUND", `There is no source named '${name}'`, {
    expected: known === undefined ? "the name of a stored source (sluice sources list)" : known.length ? `one of ${known.join(", ")}` : "a source added first (sluice sources add NAME --manifest M --config C)",
    found: name,
  });
}
