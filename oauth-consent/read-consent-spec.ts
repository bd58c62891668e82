import { ManifestError } from "../sdk/errors/index.js";
import { isJsonObject } from "../pure/json-object.js";

/** One property of an OAuth JSON schema that says where its value lives in the connector config. */
export interface OAuthSchemaProperty {
  /** Where the value lives in (or is written to) the end user's config, e.g. `["credentials", "access_token"]`. */
  path_in_connector_config?: string[];
  /** Where the value is read in the token response (output spec only), e.g. `["data", "access_token"]`. */
  path_in_oauth_response?: string[];
  [key: string]: unknown;
}

/** An OAuth JSON schema of `advanced_auth.oauth_config_specification`. */
export interface OAuthSchema {
  properties?: Record<string, OAuthSchemaProperty>;
  required?: string[];
  [key: string]: unknown;
}

/**
 * The parts of a manifest's `spec.advanced_auth` the consent flow uses, checked and normalised.
 * `input` is the `oauth_connector_input_specification` (its `properties` sub-object when it has one).
 */
export interface ConsentSpec {
  input: Record<string, unknown>;
  userInput?: OAuthSchema;
  output: OAuthSchema;
  serverInput?: OAuthSchema;
  serverOutput?: OAuthSchema;
  /** `predicate_key`/`predicate_value`: the config value that selects the OAuth branch of the spec. */
  predicate?: { path: string[]; value: string };
  /** The manifest path of `input`, for error messages. */
  inputPath: string;
}

const ADVANCED_AUTH = "spec.advanced_auth";
const CONFIG_SPEC = `${ADVANCED_AUTH}.oauth_config_specification`;

function invalid(path: string, message: string, expected: string, found: unknown, file?: string): ManifestError {
  return new ManifestError("OAUTH_SPEC_INVALID", message, { where: { file, manifestPath: path }, expected, found: describe(found) });
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function schemaAt(config: Record<string, unknown>, key: string, file?: string): OAuthSchema | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw invalid(`${CONFIG_SPEC}.${key}`, `${key} must be a JSON schema object`, "an object with properties", value, file);
  const properties = value.properties;
  if (properties !== undefined && !isJsonObject(properties)) {
    throw invalid(`${CONFIG_SPEC}.${key}.properties`, `${key}.properties must be an object`, "an object", properties, file);
  }
  for (const [name, property] of Object.entries(properties ?? {})) {
    for (const field of ["path_in_connector_config", "path_in_oauth_response"]) {
      const path = isJsonObject(property) ? property[field] : undefined;
      if (path !== undefined && !(Array.isArray(path) && path.length > 0 && path.every((p) => typeof p === "string"))) {
        throw invalid(`${CONFIG_SPEC}.${key}.properties.${name}.${field}`, `${field} must be a non-empty list of keys`, 'a list such as ["credentials", "access_token"]', path, file);
      }
    }
  }
  return value as OAuthSchema;
}

function checkInput(input: Record<string, unknown>, path: string, file?: string): void {
  for (const field of ["consent_url", "access_token_url"]) {
    if (typeof input[field] !== "string" || input[field] === "") {
      throw invalid(`${path}.${field}`, `${field} is required for the OAuth consent flow`, "a URL template", input[field], file);
    }
  }
  for (const field of ["access_token_headers", "access_token_params"]) {
    const value = input[field];
    if (value !== undefined && !(isJsonObject(value) && Object.values(value).every((v) => typeof v === "string"))) {
      throw invalid(`${path}.${field}`, `${field} must map names to text templates`, "an object of strings", value, file);
    }
  }
  for (const field of ["scopes", "optional_scopes"]) {
    const value = input[field];
    if (value !== undefined && !(Array.isArray(value) && value.every((s) => isJsonObject(s) && (s.scope === undefined || typeof s.scope === "string")))) {
      throw invalid(`${path}.${field}`, `${field} must be a list of {scope: ...} objects`, "[{scope: read}, {scope: write}]", value, file);
    }
  }
  const join = input.scopes_join_strategy;
  if (join !== undefined && !["space", "comma", "plus"].includes(join as string)) {
    throw invalid(`${path}.scopes_join_strategy`, "scopes_join_strategy is not one of the known strategies", "space, comma or plus", join, file);
  }
  const extract = input.extract_output;
  if (extract !== undefined && !(Array.isArray(extract) && extract.every((e) => typeof e === "string" && e !== ""))) {
    throw invalid(`${path}.extract_output`, "extract_output must be a list of dot paths", '["access_token", "data.refresh_token"]', extract, file);
  }
  if (input.pkce !== undefined && typeof input.pkce !== "boolean") {
    throw invalid(`${path}.pkce`, "pkce must be true or false", "a boolean", input.pkce, file);
  }
  checkState(input.state, `${path}.state`, file);
}

function checkState(state: unknown, path: string, file?: string): void {
  if (state === undefined || state === null) return;
  if (!isJsonObject(state)) throw invalid(path, "state must be an object with min and max lengths", "{min: 7, max: 24}", state, file);
  const min = state.min ?? 7;
  const max = state.max ?? 24;
  if (!Number.isInteger(min) || !Number.isInteger(max) || (min as number) < 1 || (max as number) < (min as number) || (max as number) > 1024) {
    throw invalid(path, "state length bounds are not usable", "integers with 1 <= min <= max <= 1024", state, file);
  }
}

function readPredicate(advanced: Record<string, unknown>): ConsentSpec["predicate"] {
  const key = advanced.predicate_key;
  const value = advanced.predicate_value;
  if (!Array.isArray(key) || key.length === 0 || !key.every((k) => typeof k === "string") || typeof value !== "string") return undefined;
  return { path: key as string[], value };
}

/**
 * Reads and checks the declarative OAuth part of a manifest: `spec.advanced_auth` with its
 * `oauth_config_specification` (reference §6.1-6.2). Raises `OAUTH_SPEC_MISSING` when the manifest
 * declares no consent flow, `OAUTH_SPEC_INVALID` (with the manifest path) when a field has the wrong
 * shape, and `OAUTH_OUTPUT_SPEC_MISSING` when nothing says where the tokens go in the config.
 *
 * @example
 * # manifest.yaml
 * spec:
 *   advanced_auth:
 *     auth_flow_type: oauth2.0
 *     oauth_config_specification:
 *       oauth_connector_input_specification:
 *         consent_url: "https://example.com/authorize?{{ client_id_param }}&{{ redirect_uri_param }}&{{ state_param }}"
 *         access_token_url: "https://example.com/token"
 *       complete_oauth_output_specification:
 *         properties:
 *           refresh_token: { type: string, path_in_connector_config: [credentials, refresh_token] }
 */
export function readConsentSpec(manifest: unknown, file?: string): ConsentSpec {
  const spec = isJsonObject(manifest) ? manifest.spec : undefined;
  const advanced = isJsonObject(spec) ? spec.advanced_auth : undefined;
  const config = isJsonObject(advanced) ? advanced.oauth_config_specification : undefined;
  const rawInput = isJsonObject(config) ? config.oauth_connector_input_specification : undefined;
  if (!isJsonObject(advanced) || !isJsonObject(config) || !isJsonObject(rawInput)) {
    throw new ManifestError("OAUTH_SPEC_MISSING", "The manifest declares no OAuth consent flow", {
      where: { file, manifestPath: `${CONFIG_SPEC}.oauth_connector_input_specification` },
      expected: "spec.advanced_auth.oauth_config_specification.oauth_connector_input_specification with consent_url and access_token_url",
      found: isJsonObject(advanced) ? "advanced_auth without oauth_connector_input_specification" : "no spec.advanced_auth",
    });
  }
  const usesProperties = isJsonObject(rawInput.properties);
  const input = usesProperties ? (rawInput.properties as Record<string, unknown>) : rawInput;
  const inputPath = `${CONFIG_SPEC}.oauth_connector_input_specification${usesProperties ? ".properties" : ""}`;
  checkInput(input, inputPath, file);
  const output = schemaAt(config, "complete_oauth_output_specification", file);
  if (!output || !output.properties || Object.keys(output.properties).length === 0) {
    throw new ManifestError("OAUTH_OUTPUT_SPEC_MISSING", "The manifest does not say where the OAuth tokens go in the config", {
      where: { file, manifestPath: `${CONFIG_SPEC}.complete_oauth_output_specification` },
      expected: "complete_oauth_output_specification.properties, each with path_in_connector_config",
      found: describe(config.complete_oauth_output_specification),
    });
  }
  return {
    input,
    inputPath,
    output,
    userInput: schemaAt(config, "oauth_user_input_from_connector_config_specification", file),
    serverInput: schemaAt(config, "complete_oauth_server_input_specification", file),
    serverOutput: schemaAt(config, "complete_oauth_server_output_specification", file),
    predicate: readPredicate(advanced),
  };
}
