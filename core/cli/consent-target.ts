import { resolve } from "node:path";
import { ConfigError, Secrets, SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import type { ConfigValue } from "../../oauth-consent/complete-consent.js";
import { readConfigFile, writeConsentValues } from "../config/write-consent-values.js";
import type { ManifestInput } from "../manifest/load-manifest.js";
import { valueAt } from "../sources/config-paths.js";
import { createSluice } from "../sluice.js";
import type { CliIO, ParsedArgs } from "./command.js";

/**
 * Where `sluice oauth` takes the manifest and the client credentials from, and where it writes the
 * tokens: a config file (`--config`), or a stored source (`--source`), whose secrets stay encrypted.
 */
export interface ConsentTarget {
  /** The manifest to load; `undefined`: search the current folder. */
  readonly manifest?: ManifestInput;
  /** The config the consent reads (client id and secret, user inputs). */
  readonly config: ConnectorConfig;
  /** Writes the consent's values; returns where, for the closing message. */
  save(values: readonly ConfigValue[]): Promise<string>;
  /** Masks the target's known secrets in a message. */
  redact(text: string): string;
  close(): Promise<void>;
}

/**
 * The `--config` file: read now, and written back atomically, nothing else in it changing.
 *
 * @example
 * const target = await configFileTarget(args, io); // sluice oauth --manifest m.yaml --config secrets/config.json
 */
export async function configFileTarget(args: ParsedArgs, io: CliIO): Promise<ConsentTarget> {
  const given = args.values.config;
  if (typeof given !== "string") {
    throw new SluiceError("OAUTH_CLI_USAGE", "--config or --source is required: where the client credentials are read and the tokens written", {
      failureType: "config_error",
      expected: "--config secrets/config.json, or --source NAME (a stored source)",
      found: "neither",
    });
  }
  const file = resolve(io.cwd, given);
  const manifest = typeof args.values.manifest === "string" ? { path: resolve(io.cwd, args.values.manifest) } : undefined;
  return { manifest, config: await readConfigFile(file), save: async (values) => (await writeConsentValues(file, values), given), redact: (text) => text, close: async () => undefined };
}

/**
 * A stored source (`--source NAME`): its manifest and decrypted config are used, and the tokens are
 * committed into its encrypted secrets under its lock; no file receives them. With `--manifest` and
 * `--config` a source that does not exist yet is created after the consent, with the tokens (the
 * config file, holding only the client credentials, is not written).
 *
 * @example
 * const target = await storedSourceTarget("acme", args, io); // sluice oauth --source acme
 */
export async function storedSourceTarget(name: string, args: ParsedArgs, io: CliIO): Promise<ConsentTarget> {
  const sluice = createSluice({ sources: { env: io.env }, trustCustomCode: args.values["no-custom-code"] ? false : undefined });
  const secrets = sluice.services.get(Secrets);
  const redact = (text: string) => secrets.redact(text);
  const close = () => sluice.close();
  const given = ["manifest", "config"].filter((flag) => typeof args.values[flag] === "string");
  try {
    const existing = await sluice.sources.open(name).catch((error: unknown) => {
      if (!(error instanceof SluiceError && error.code === "SOURCE_NOT_FOUND")) throw error;
      if (given.length === 2) return undefined;
      throw new ConfigError("SOURCE_NOT_FOUND", `There is no source named '${name}'`, {
        expected: `a stored source (sluice sources list), or --manifest M and --config C to create '${name}' with the tokens`,
        found: given.length ? `--source ${name} with --${given[0]} only` : `--source ${name}`,
      });
    });
    if (existing) {
      if (given.length) {
        throw new ConfigError("SOURCE_CONFLICT", `--source ${name} brings its own manifest and config; --${given.join(" and --")} cannot be given with it`, {
          expected: `sluice oauth --source ${name} alone (or --manifest and --config to create a new source)`,
          found: `--source with --${given.join(" and --")}`,
        });
      }
      for (const path of existing.record.secretPaths) secrets.add(valueAt(existing.record.config, path));
      return {
        manifest: existing.manifest,
        config: existing.record.config,
        save: async (values) => (await sluice.sources.updateConfig(name, (config) => applyConsentValues(config, values)), `source ${name} (encrypted)`),
        redact,
        close,
      };
    }
    const manifest = resolve(io.cwd, args.values.manifest as string);
    const config = await readConfigFile(resolve(io.cwd, args.values.config as string));
    return {
      manifest: { path: manifest },
      config,
      save: async (values) => (await sluice.sources.add({ name, manifest, config: applyConsentValues(config, values) }), `the new source ${name} (encrypted)`),
      redact,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
