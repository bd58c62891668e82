import { pySearchPattern } from "../../python/regex.js";
import { readPaths, setPath } from "./mock/template-paths.js";
import { samplePattern } from "./pattern-sample.js";

/**
 * A plausible end-user config for a connector, made from its `spec.connection_specification`, so the
 * corpus run can build every manifest without real credentials. Only required fields are filled
 * (optional ones may carry patterns or cross-field rules that a made-up value would break), each with a
 * value of the right type: its `const`, its `default`, its first `enum` value, a date for
 * `format: date`/`date-time`, a value matching its `pattern` (a few candidates, else one made from the pattern), else
 * `"x"` / `1` / `true`. For `oneOf`/`anyOf` the first branch is used (its required fields filled too).
 *
 * @example
 * syntheticConfig({ type: "object", required: ["api_key", "start_date"],
 *   properties: { api_key: { type: "string" }, start_date: { type: "string", format: "date" } } })
 * // { api_key: "x", start_date: "2024-01-01" }
 */
export function syntheticConfig(spec: unknown, choice: ConfigChoice = FIRST_CHOICE): Record<string, unknown> {
  const value = valueFor(spec, 0, choice);
  return isObject(value) ? value : {};
}

/**
 * Which config to make: `branch` picks that option of every `oneOf`/`anyOf` (the last one where there
 * are fewer); `optional` fills optional fields too (a `credentials` object the manifest reads although
 * the spec does not require it).
 */
interface ConfigChoice {
  branch: number;
  optional: boolean;
}

const FIRST_CHOICE: ConfigChoice = { branch: 0, optional: false };

/**
 * The configs worth trying for a spec, most ordinary first: each `oneOf` option in turn, with only the
 * required fields, then with the optional ones too. A manifest builds when one of them builds.
 *
 * @example
 * configVariants({ type: "object", required: ["auth"], properties: { auth: { oneOf: [A, B] } } }).length // 4
 */
export function configVariants(spec: unknown): Record<string, unknown>[] {
  const branches = Math.max(1, Math.min(6, widestChoice(spec, 0)));
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const optional of [false, true]) {
    for (let branch = 0; branch < branches; branch++) {
      const config = syntheticConfig(spec, { branch, optional });
      const key = JSON.stringify(config);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(config);
    }
  }
  return out;
}

/**
 * A config for a manifest without a spec: every config path its templates read, as `"x"` (the fitting
 * step then turns URLs and datetimes into real ones).
 *
 * @example
 * configFromUsage({ streams: [{ requester: { path: "/{{ config['account'] }}/users" } }] }) // { account: "x" }
 */
export function configFromUsage(manifest: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (typeof node === "string") {
      for (const path of readPaths(node, "config")) if (fitsBeside(out, path)) setPath(out, path, "x");
    } else if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") for (const value of Object.values(node)) visit(value);
  };
  visit(manifest);
  return out;
}

/** True when `path` can be set in `config` without replacing a value set before (a nested path beside its siblings). */
function fitsBeside(config: Record<string, unknown>, path: readonly string[]): boolean {
  let node: unknown = config;
  for (const key of path.slice(0, -1)) {
    if (!isObject(node)) return false;
    node = node[key];
    if (node === undefined) return true;
  }
  return isObject(node) && !(path.at(-1)! in node);
}

/**
 * The configs worth trying for a manifest without a spec: its config paths as `"x"` ({@link configFromUsage}),
 * once per option of each `SelectiveAuthenticator` (the selection path set to that option's key), since
 * `"x"` chooses none of them; a config value a `ConcurrencyLevel` reads is `2`.
 *
 * @example
 * usageConfigVariants({ authenticator: { type: "SelectiveAuthenticator", authenticator_selection_path: ["credentials", "auth_type"],
 *   authenticators: { oauth2: "#/definitions/oauth", token: "#/definitions/bearer" } } })
 * // [{ credentials: { auth_type: "oauth2" } }, { credentials: { auth_type: "token" } }]
 */
export function usageConfigVariants(manifest: unknown): Record<string, unknown>[] {
  const base = configFromUsage(manifest);
  const selections: Array<{ path: string[]; options: string[] }> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node)) {
      const path = node.authenticator_selection_path;
      if (node.type === "SelectiveAuthenticator" && Array.isArray(path) && isObject(node.authenticators)) {
        selections.push({ path: path.map(String), options: Object.keys(node.authenticators) });
      }
      // A concurrency level read from the config is a number of workers.
      if (node.type === "ConcurrencyLevel") {
        for (const field of ["default_concurrency", "max_concurrency"]) {
          if (typeof node[field] === "string") for (const read of readPaths(node[field], "config")) setPath(base, read, 2);
        }
      }
      for (const value of Object.values(node)) visit(value);
    }
  };
  visit(manifest);
  if (selections.length === 0) return [base];
  const widest = Math.min(6, Math.max(...selections.map((s) => s.options.length)));
  return Array.from({ length: widest }, (_, option) => {
    const config = structuredClone(base);
    for (const { path, options } of selections) setPath(config, path, options[Math.min(option, options.length - 1)]);
    return config;
  });
}

/** The largest number of options of any `oneOf`/`anyOf` in the spec. */
function widestChoice(schema: unknown, depth: number): number {
  if (depth > MAX_DEPTH) return 0;
  if (Array.isArray(schema)) return Math.max(0, ...schema.map((s) => widestChoice(s, depth + 1)));
  if (!isObject(schema)) return 0;
  const own = Math.max(Array.isArray(schema.oneOf) ? schema.oneOf.length : 0, Array.isArray(schema.anyOf) ? schema.anyOf.length : 0);
  return Math.max(own, ...Object.values(schema).map((v) => widestChoice(v, depth + 1)));
}

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

/** Strings tried, in order, against a `pattern` (or a `format`): the first that matches wins. */
const STRING_CANDIDATES = [
  "x",
  "2024-01-01T00:00:00Z",
  "2024-01-01T00:00:00.000Z",
  "2024-01-01",
  "2024-01-01 00:00:00",
  "2024-01-01T00:00:00",
  "2024-01",
  "01/01/2024",
  "1",
  "12345",
  "abc123",
  "https://example.com",
  "user@example.com",
  "x.example.com",
  "example",
  "us",
  "US",
  "a-b",
  "P1D",
  "00000000-0000-0000-0000-000000000000",
];

const FORMAT_VALUES: Record<string, string> = {
  date: "2024-01-01",
  "date-time": "2024-01-01T00:00:00Z",
  time: "00:00:00",
  email: "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  hostname: "example.com",
  uuid: "00000000-0000-0000-0000-000000000000",
};

/** A value satisfying `schema` (best effort), or undefined when nothing sensible can be said. */
function valueFor(schema: unknown, depth: number, choice: ConfigChoice = FIRST_CHOICE): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  // A default beside options is only a default when it is not itself a schema (some specs put one there).
  const schemaLike = typeof schema.default === "object" && schema.default !== null && ("type" in schema.default || "properties" in schema.default);
  if (schema.default !== undefined && schema.default !== null && !(Array.isArray(branches) && schemaLike)) return schema.default;
  const type = primaryType(schema);
  if (Array.isArray(branches) && branches.length > 0 && (type === undefined || type === "object")) {
    const branch = valueFor(branches[Math.min(choice.branch, branches.length - 1)], depth + 1, choice);
    const own = type === "object" || isObject(schema.properties) ? objectValue(schema, depth, choice) : undefined;
    return isObject(branch) && isObject(own) ? { ...own, ...branch } : (branch ?? own);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part) => valueFor(part, depth + 1, choice)).filter(isObject), objectValue(schema, depth, choice));
  }
  switch (type) {
    case "object":
      return objectValue(schema, depth, choice);
    case "array":
      return arrayValue(schema, depth, choice);
    case "integer":
      return numberValue(schema, true);
    case "number":
      return numberValue(schema, false);
    case "boolean":
      return true;
    case "null":
      return null;
    case "string":
      return stringValue(schema);
    default:
      return isObject(schema.properties) ? objectValue(schema, depth, choice) : "x";
  }
}

function primaryType(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return (type.find((t) => t !== "null") as string | undefined) ?? "null";
  return undefined;
}

function objectValue(schema: Schema, depth: number, choice: ConfigChoice): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const names = choice.optional ? [...new Set([...required, ...Object.keys(properties)])] : required;
  for (const name of names) {
    const value = valueFor(properties[name] ?? { type: "string" }, depth + 1, choice);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function arrayValue(schema: Schema, depth: number, choice: ConfigChoice): unknown[] {
  const count = typeof schema.minItems === "number" && schema.minItems > 0 ? schema.minItems : 1;
  const item = valueFor(schema.items ?? { type: "string" }, depth + 1, choice);
  return item === undefined ? [] : Array.from({ length: count }, () => item);
}

function numberValue(schema: Schema, integer: boolean): number {
  const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : undefined;
  const max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  let value = min ?? (max !== undefined && max < 1 ? max : 1);
  if (integer) value = Math.ceil(value);
  return value;
}

function stringValue(schema: Schema): string {
  const format = typeof schema.format === "string" ? FORMAT_VALUES[schema.format] : undefined;
  const pattern = typeof schema.pattern === "string" ? compilePattern(schema.pattern) : undefined;
  const candidates = format ? [format, ...STRING_CANDIDATES] : STRING_CANDIDATES;
  const fits = (s: string) => (!pattern || pattern.test(s)) && lengthFits(schema, s);
  const found = candidates.find(fits);
  if (found !== undefined) return found;
  const sample = typeof schema.pattern === "string" ? samplePattern(schema.pattern) : undefined;
  if (sample !== undefined && lengthFits(schema, sample)) return sample;
  const min = typeof schema.minLength === "number" ? schema.minLength : 1;
  return "x".repeat(Math.max(1, min));
}

function lengthFits(schema: Schema, value: string): boolean {
  if (typeof schema.minLength === "number" && value.length < schema.minLength) return false;
  if (typeof schema.maxLength === "number" && value.length > schema.maxLength) return false;
  return true;
}

function compilePattern(pattern: string): RegExp | undefined {
  try {
    return pySearchPattern(pattern);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
