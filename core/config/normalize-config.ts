import type { ConfigNormalizer, ConfigStore, ConnectorConfig } from "../../sdk/index.js";

/**
 * Applies a spec's `config_normalization_rules` to the incoming config in the kit's order: the
 * migrations on a copy, saved through the config store when they changed it (the CLI rewrites the
 * `--config` file and prints a CONTROL message; run by the platform, the CONTROL message alone), then
 * `checkSpec` (the spec's JSON Schema) on the migrated config, then the transformations (not saved) and
 * the validations. Returns the config the connector is built with.
 *
 * @example
 * const config = await normalizeConfig({ config: raw, rules, store, checkSpec: (c) => checkConfig(c, spec) });
 */
export async function normalizeConfig(options: {
  config: ConnectorConfig;
  rules: ConfigNormalizer;
  store: ConfigStore;
  checkSpec: (config: ConnectorConfig) => void | Promise<void>;
}): Promise<ConnectorConfig> {
  const migrated = structuredClone(options.config);
  if (options.rules.migrate(migrated)) {
    await options.store.update((saved) => {
      for (const key of Object.keys(saved)) delete saved[key];
      Object.assign(saved, structuredClone(migrated));
    });
  }
  await options.checkSpec(migrated);
  options.rules.transform(migrated);
  options.rules.validate(migrated);
  return migrated;
}
