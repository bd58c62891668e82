import { cursorValue } from "./mock/records.js";
import { readPaths, setPath } from "./mock/template-paths.js";

/** The kit's `MinMaxDatetime` format when none is given. */
const DEFAULT_FORMAT = "%Y-%m-%dT%H:%M:%S.%f%z";

/** What a config value converted by a template macro is written as. */
const ISO_FORMAT = "%Y-%m-%dT%H:%M:%SZ";

/** A template macro converting a datetime it is given, called on a config value (`timestamp(config.get('start_date'))`). */
const CONVERSION_CALLS = /\b(?:timestamp|str_to_datetime)\(\s*config[^,)]*\)?/g;

/**
 * The synthetic config fitted to how the manifest uses it: full URLs where a URL starts with a config
 * value, datetimes in the manifest's format where a start or end datetime reads one. Undefined when
 * nothing changes.
 *
 * @example
 * fitConfig({ start: "x" }, manifest) // { start: "2025-06-15T12:30:45Z" } when a cursor reads {{ config.start }} as %Y-%m-%dT%H:%M:%SZ
 */
export function fitConfig(config: Record<string, unknown>, manifest: unknown, spec?: unknown): Record<string, unknown> | undefined {
  const dated = withDates(config, manifest, spec);
  const fitted = withUrls(dated ?? config, manifest);
  return fitted ?? dated;
}

/** True when the spec types the config field at `path` as a number. */
function numeric(spec: unknown, path: readonly string[]): boolean {
  let node = spec as Record<string, unknown> | undefined;
  for (const key of path) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
  const type = node?.type;
  return [type].flat().some((t) => t === "integer" || t === "number");
}

/**
 * Every config value a `start_datetime`/`end_datetime` reads, written in that datetime's format (end
 * dates a month after start dates); a value the spec types as a number is given as one. A config value
 * passed to `format_datetime(...)` anywhere gets an ISO 8601 datetime.
 */
function withDates(config: Record<string, unknown>, manifest: unknown, spec?: unknown): Record<string, unknown> | undefined {
  const values = new Map<string, unknown>();
  // A value some template reads directly, in a datetime's format: a read through a conversion never overrides it.
  const direct = new Set<string>();
  const set = (path: string[], format: string, end: boolean, converted: boolean) => {
    const key = JSON.stringify(path);
    if (converted && direct.has(key)) return;
    if (!converted) direct.add(key);
    const text = cursorValue(format, end ? 30 : 0);
    values.set(key, numeric(spec, path) && /^\d+$/.test(text) ? Number(text) : text);
  };
  const note = (template: unknown, format: string, end: boolean) => {
    if (typeof template !== "string") return;
    // `timestamp(config.start)`, `str_to_datetime(config.start)`: the config holds an ISO 8601 datetime the call converts.
    const converted = new Set((template.match(CONVERSION_CALLS) ?? []).flatMap((call) => readPaths(call.slice(call.indexOf("config")), "config")).map((path) => JSON.stringify(path)));
    for (const path of readPaths(template, "config")) {
      if (converted.has(JSON.stringify(path))) set(path, ISO_FORMAT, end, true);
      else set(path, format, end, false);
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (record.type === "DatetimeBasedCursor") {
        const format = String(record.datetime_format ?? DEFAULT_FORMAT);
        for (const [field, end] of [["start_datetime", false], ["end_datetime", true]] as const) {
          const value = record[field];
          if (value && typeof value === "object") {
            const inner = value as Record<string, unknown>;
            note(inner.datetime, String(inner.datetime_format ?? format), end);
          } else note(value, format, end);
        }
      }
      for (const [key, value] of Object.entries(record)) {
        if (typeof value === "string" && value.includes("format_datetime(config")) {
          for (const call of value.match(/format_datetime\(\s*config[^,)]*/g) ?? []) {
            for (const path of readPaths(call.slice(call.indexOf("config")), "config")) set(path, DEFAULT_FORMAT.replace(".%f", ""), false, true);
          }
        }
        if (key !== "spec" && key !== "schema") visit(value);
      }
    }
  };
  visit(manifest);
  if (values.size === 0) return undefined;
  const copy = structuredClone(config);
  for (const [path, value] of values) setPath(copy, JSON.parse(path) as string[], value);
  return copy;
}

/** Fields whose template is a URL (or starts one). */
const URL_FIELDS = new Set(["url_base", "token_refresh_endpoint", "url"]);

/**
 * The config with a full URL wherever the manifest starts a URL with a config value
 * (`url_base: "{{ config['instance_url'] }}/api"`), so the synthetic config names a real origin; a
 * value used inside a URL (`https://{{ config.subdomain }}.example.com`) is left as it is. Returns
 * undefined when nothing changes.
 *
 * @example
 * withUrls({ domain: "x" }, { streams: [{ retriever: { requester: { url_base: "{{ config.domain }}/v1" } } }] })
 * // { domain: "https://api.example.com" }
 */
function withUrls(config: Record<string, unknown>, manifest: unknown): Record<string, unknown> | undefined {
  const leading = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (URL_FIELDS.has(key) && typeof value === "string" && /^\s*\{\{/.test(value)) {
          const first = readPaths(value.slice(0, value.indexOf("}}") + 2), "config")[0];
          if (first) leading.add(JSON.stringify(first));
        } else if (key !== "spec" && key !== "schema") visit(value);
      }
    }
  };
  visit(manifest);
  if (leading.size === 0) return undefined;
  const copy = structuredClone(config);
  for (const path of leading) setPath(copy, JSON.parse(path) as string[], "https://api.example.com");
  return copy;
}
