import type { ConnectorConfig } from "../sdk/services/config-store.js";
import type { ConfigValue } from "./complete-consent.js";
import { setPath } from "../python/dpath.js";

/**
 * Returns a copy of the config with the consent's values written at their paths; nothing else
 * changes (key order included). The original is left as it was.
 *
 * @example
 * const updated = applyConsentValues({ start_date: "2024-01-01" }, result.values);
 * // { start_date: "2024-01-01", credentials: { access_token: "...", refresh_token: "...", token_expiry_date: "..." } }
 */
export function applyConsentValues(config: ConnectorConfig, values: readonly ConfigValue[]): ConnectorConfig {
  const copy = structuredClone(config);
  for (const { path, value } of values) setPath(copy, path, value);
  return copy;
}
