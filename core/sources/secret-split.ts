import type { ConnectorConfig } from "../../sdk/index.js";
import { deleteValueAt, isWithin, setValueAt, valueAt, type ConfigPath } from "./config-paths.js";

/** One secret value taken out of a config. */
export interface SecretValue {
  path: ConfigPath;
  value: unknown;
}

/**
 * Splits a config into the part stored in the clear and its secret values. A path inside another
 * secret path is covered by it (the outer value is stored whole).
 *
 * @example
 * splitSecrets({ base_url: "https://x", credentials: { token: "t" } }, [["credentials", "token"]]);
 * // { plain: { base_url: "https://x", credentials: {} }, secrets: [{ path: ["credentials", "token"], value: "t" }] }
 */
export function splitSecrets(config: ConnectorConfig, paths: readonly ConfigPath[]): { plain: ConnectorConfig; secrets: SecretValue[] } {
  const plain = structuredClone(config);
  const secrets: SecretValue[] = [];
  for (const path of [...paths].sort((a, b) => a.length - b.length)) {
    if (secrets.some((s) => isWithin(path, s.path))) continue;
    const value = valueAt(config, path);
    if (value === undefined) continue;
    secrets.push({ path, value: structuredClone(value) });
    deleteValueAt(plain, path);
  }
  return { plain, secrets };
}

/** Puts secret values back into the plain part of a config. */
export function joinSecrets(plain: ConnectorConfig, secrets: readonly SecretValue[]): ConnectorConfig {
  const config = structuredClone(plain);
  for (const secret of [...secrets].sort((a, b) => a.path.length - b.path.length)) setValueAt(config, secret.path, secret.value);
  return config;
}

/** The text shown in place of a secret value. */
const MASK = "****";

/** A copy of the config with every secret value replaced by `****` (what `sluice sources show` prints). */
export function maskSecrets(config: ConnectorConfig, paths: readonly ConfigPath[]): ConnectorConfig {
  const masked = structuredClone(config);
  for (const path of paths) if (valueAt(masked, path) !== undefined) setValueAt(masked, path, MASK);
  return masked;
}
