import type { ConnectorConfig } from "../../sdk/index.js";
import { valueAt, type ConfigPath } from "./config-paths.js";

type Schema = Record<string, unknown>;

/**
 * The paths of the config values the connector's spec marks `airbyte_secret: true`, at any depth:
 * nested objects, list items, and the branches of `oneOf`/`anyOf`/`allOf` (a field marked secret in
 * any branch that could describe the value counts, so a choice between auth methods never leaks the
 * method the user picked).
 *
 * @example
 * // credentials: { oneOf: [{ properties: { api_token: { airbyte_secret: true } } }, ...] }
 * specSecretPaths(schema, { credentials: { auth_type: "token", api_token: "t" } });
 * // [["credentials", "api_token"]]
 */
export function specSecretPaths(schema: unknown, config: ConnectorConfig): ConfigPath[] {
  const out: ConfigPath[] = [];
  walk(config, branches(schema), [], out);
  return out;
}

function walk(value: unknown, schemas: Schema[], path: Array<string | number>, out: ConfigPath[]): void {
  if (value === undefined) return;
  if (schemas.some((s) => s.airbyte_secret === true)) {
    out.push(path);
    return;
  }
  if (Array.isArray(value)) {
    const items = branches(schemas.map((s) => s.items));
    value.forEach((item, i) => walk(item, items, [...path, i], out));
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const properties = schemas.flatMap((s) => [(s.properties as Schema | undefined)?.[key], s.additionalProperties]);
      walk(child, branches(properties), [...path, key], out);
    }
  }
}

/** A schema and every schema its `oneOf`/`anyOf`/`allOf` branches hold, to any depth. */
function branches(schema: unknown, out: Schema[] = []): Schema[] {
  if (Array.isArray(schema)) for (const item of schema) branches(item, out);
  else if (schema !== null && typeof schema === "object") {
    const node = schema as Schema;
    out.push(node);
    for (const key of ["oneOf", "anyOf", "allOf"]) branches(node[key], out);
  }
  return out;
}

/** Keys of an authenticator whose config references are addresses, not credentials. */
const ADDRESS_KEY = /(^|_)(url|url_base|endpoint|path|http_method)$/;
/** `config['a']['b']`, `config["a"]`, `config.a.b`, `config.get('a')`: the config lookups in a template. */
const CONFIG_REFERENCE = /\bconfig((?:\[\s*['"][^'"]+['"]\s*\]|\.get\(\s*['"][^'"]+['"]\s*[,)]|\.[A-Za-z_]\w*\b(?!\s*\())+)/g;
const STEP = /\[\s*['"]([^'"]+)['"]\s*\]|\.get\(\s*['"]([^'"]+)['"]|\.([A-Za-z_]\w*)/g;

/**
 * The config paths a connector's authenticators read or write: the values their templates reference
 * (`api_token: "{{ config['api_key'] }}"`), the token paths they write back
 * (`refresh_token_updater.*_config_path`), and where the OAuth consent flow puts its output
 * (`path_in_connector_config`). These are credentials even when the spec forgot `airbyte_secret`.
 * References in address fields (`token_refresh_endpoint`, `url_base`) are not counted.
 *
 * @example
 * authenticatorConfigPaths({ streams: [{ retriever: { requester: { authenticator:
 *   { type: "BearerAuthenticator", api_token: "{{ config['credentials']['token'] }}" } } } }] });
 * // [["credentials", "token"]]
 */
export function authenticatorConfigPaths(manifest: unknown): ConfigPath[] {
  const found = new Map<string, ConfigPath>();
  const add = (path: ConfigPath) => path.length > 0 && found.set(JSON.stringify(path), path);
  const visit = (node: unknown, inAuth: boolean, key: string): void => {
    if (typeof node === "string") {
      if (inAuth && !ADDRESS_KEY.test(key)) for (const path of templateConfigPaths(node)) add(path);
    } else if (Array.isArray(node)) {
      if ((key.endsWith("_config_path") || key === "path_in_connector_config") && node.every((p) => typeof p === "string")) add(node as string[]);
      else for (const item of node) visit(item, inAuth, key);
    } else if (node !== null && typeof node === "object") {
      const record = node as Record<string, unknown>;
      const auth = inAuth || (typeof record.type === "string" && /Authenticator$/.test(record.type));
      for (const [childKey, child] of Object.entries(record)) visit(child, auth || childKey === "authenticator", childKey);
    }
  };
  visit(manifest, false, "");
  return [...found.values()];
}

/** The config paths a template reads. */
export function templateConfigPaths(template: string): ConfigPath[] {
  const paths: ConfigPath[] = [];
  for (const match of template.matchAll(CONFIG_REFERENCE)) {
    paths.push([...match[1]!.matchAll(STEP)].map((step) => step[1] ?? step[2] ?? step[3]!));
  }
  return paths;
}

/**
 * Every secret path of a config: what the spec marks, what the authenticators use, and the paths
 * already stored as secret (a token written back earlier stays secret), keeping only paths that
 * hold a value.
 */
export function secretPathsOf(config: ConnectorConfig, sources: { schema?: unknown; manifest?: unknown; known?: readonly ConfigPath[] }): ConfigPath[] {
  const all = [
    ...specSecretPaths(sources.schema, config),
    ...(sources.manifest === undefined ? [] : authenticatorConfigPaths(sources.manifest)),
    ...(sources.known ?? []),
  ];
  const unique = new Map(all.filter((path) => valueAt(config, path) !== undefined).map((path) => [JSON.stringify(path), path]));
  return [...unique.values()];
}
