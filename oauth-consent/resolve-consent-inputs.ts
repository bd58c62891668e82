import { ConfigError } from "../sdk/errors/index.js";
import type { ConnectorConfig } from "../sdk/services/config-store.js";
import { valueAtPath } from "../python/dpath.js";
import type { ConsentSpec } from "./read-consent-spec.js";

/** The client credentials of the OAuth app, and where each came from. */
interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
  /** Where the value was found in the config (absent when it came from an override). */
  clientIdPath?: string[];
  clientSecretPath?: string[];
}

function text(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Every config path where a server parameter (`client_id`, `client_secret`, ...) may live, most specific first. */
function candidatePaths(spec: ConsentSpec, name: string): string[][] {
  const declared = [spec.serverOutput, spec.serverInput, spec.userInput]
    .map((schema) => schema?.properties?.[name]?.path_in_connector_config)
    .filter((path): path is string[] => Array.isArray(path));
  return [...declared, ["credentials", name], [name]];
}

function lookup(spec: ConsentSpec, config: ConnectorConfig, names: string[]): { value: string; path: string[] } | undefined {
  for (const name of names) {
    for (const path of candidatePaths(spec, name)) {
      const value = text(valueAtPath(config, path));
      if (value !== undefined) return { value, path };
    }
  }
  return undefined;
}

/**
 * Finds the OAuth app's client id and secret: an explicit override wins; otherwise the config is
 * searched at the `path_in_connector_config` that `complete_oauth_server_output_specification`,
 * `complete_oauth_server_input_specification` or `oauth_user_input_from_connector_config_specification`
 * declares for the parameter, then at `credentials.<name>` and `<name>`. The parameter is looked up
 * under `client_id_key`'s value first (the platform stores it under that name) and then `client_id`.
 * A missing client id raises `OAUTH_CLIENT_ID_MISSING`; a missing secret is allowed (public clients with PKCE).
 *
 * @example
 * resolveClientCredentials(spec, { credentials: { client_id: "abc", client_secret: "s3cr3t" } });
 * // { clientId: "abc", clientSecret: "s3cr3t", clientIdPath: ["credentials","client_id"], ... }
 */
export function resolveClientCredentials(spec: ConsentSpec, config: ConnectorConfig, overrides: { clientId?: string; clientSecret?: string } = {}): ClientCredentials {
  const idKey = typeof spec.input.client_id_key === "string" ? spec.input.client_id_key : "client_id";
  const secretKey = typeof spec.input.client_secret_key === "string" ? spec.input.client_secret_key : "client_secret";
  const id = overrides.clientId ? { value: overrides.clientId, path: undefined } : lookup(spec, config, [...new Set([idKey, "client_id"])]);
  if (!id) {
    throw new ConfigError("OAUTH_CLIENT_ID_MISSING", "The OAuth client id was not found in the config", {
      expected: `a client id at ${candidatePaths(spec, "client_id").map((p) => p.join(".")).join(" or ")} (or --client-id)`,
      found: "nothing",
    });
  }
  const secret = overrides.clientSecret ? { value: overrides.clientSecret, path: undefined } : lookup(spec, config, [...new Set([secretKey, "client_secret"])]);
  return { clientId: id.value, clientSecret: secret?.value, clientIdPath: id.path, clientSecretPath: secret?.path };
}

/**
 * Reads the end user's inputs that the OAuth templates may use (`{{ subdomain }}`): each property of
 * `oauth_user_input_from_connector_config_specification` from its `path_in_connector_config`.
 * A `required` input missing from the config raises `OAUTH_USER_INPUT_MISSING`.
 *
 * @example
 * # oauth_user_input_from_connector_config_specification:
 * #   properties: { subdomain: { type: string, path_in_connector_config: [subdomain] } }
 * resolveUserInputs(spec, { subdomain: "acme" }); // { subdomain: "acme" }
 */
export function resolveUserInputs(spec: ConsentSpec, config: ConnectorConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(spec.userInput?.required ?? []);
  for (const [name, property] of Object.entries(spec.userInput?.properties ?? {})) {
    const path = property.path_in_connector_config ?? [name];
    const value = valueAtPath(config, path);
    if (value === undefined || value === null) {
      if (required.has(name)) {
        throw new ConfigError("OAUTH_USER_INPUT_MISSING", `The config has no value for '${name}', which the OAuth flow needs`, {
          where: { manifestPath: `spec.advanced_auth.oauth_config_specification.oauth_user_input_from_connector_config_specification.properties.${name}` },
          expected: `a value at ${path.join(".")}`,
          found: "nothing",
        });
      }
      continue;
    }
    out[name] = value;
  }
  return out;
}
