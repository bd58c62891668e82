import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { ConfigError, SluiceError } from "../../../sdk/errors/index.js";
import { parseLinkHeader } from "../../http/parse-link-header.js";
import { createInterpolator } from "../../../templates/index.js";
import type { CliCommand, CliIO } from "../command.js";
import { isJsonObject } from "../../../pure/json-object.js";

async function readObject(file: string, io: CliIO, what: string): Promise<Record<string, unknown>> {
  const text = await readFile(resolve(io.cwd, file), "utf8");
  const value: unknown = parseYaml(text);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError("CLI_FLAG_INVALID", `${what} file ${file} must hold a JSON object`, { where: { file }, expected: "a JSON (or YAML) object", found: Array.isArray(value) ? "a list" : String(value) === "null" ? "null" : `a ${typeof value}` });
  }
  return value as Record<string, unknown>;
}

/**
 * `headers` as a read gives them to a template: a `Link` header (any case) parsed into `link` keyed by
 * `rel` (`headers.link.next.url`), and every header also found by its lower-case name.
 */
function asReadSees(headers: Record<string, unknown>): Record<string, unknown> {
  const dict: Record<string, unknown> = { ...headers };
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") continue;
    if (!(name.toLowerCase() in dict)) dict[name.toLowerCase()] = value;
    if (name.toLowerCase() === "link") dict.link = parseLinkHeader(value);
  }
  return dict;
}

const USAGE = "sluice eval TEMPLATE [--config FILE] [--context FILE] [--boolean] [--now ISO_DATETIME]";

function clockFrom(now: unknown): (() => number) | undefined {
  if (typeof now !== "string") return undefined;
  const ms = Date.parse(now);
  if (Number.isNaN(ms)) throw new ConfigError("CLI_FLAG_INVALID", `--now must be an ISO 8601 date-time, got ${JSON.stringify(now)}`, { expected: "--now 2024-01-01T00:00:00Z", found: now });
  return () => ms;
}

/**
 * `sluice eval`: evaluates one template the way a manifest field would and prints the typed result as JSON
 * (or `true`/`false` with `--boolean`, by the stop-condition rule). The context file is a JSON object of
 * names such as `response`, `headers`, `last_record`, `next_page_token`, `stream_slice`; exactly those
 * names (plus `config`, `parameters` and the macros) are in scope, as in the manifest field they stand for.
 *
 * @example
 * sluice eval "{{ response.get('has_more') is false }}" --context page.json --boolean
 * sluice eval "{{ format_datetime(config['start_date'], '%s') }}" --config secrets/config.json
 */
export const command: CliCommand = {
  usage: USAGE,
  options: {
    config: { type: "string", value: "FILE", description: "the config (JSON or YAML) the template sees as `config`" },
    context: { type: "string", value: "FILE", description: "a JSON/YAML object of the other names in scope (response, headers, last_record, ...)" },
    boolean: { type: "boolean", description: "evaluate as a condition (stop_condition rules) and print true or false" },
    now: { type: "string", value: "ISO_DATETIME", description: "the time now() and today() see" },
  },
  allowPositionals: true,
  async run(args, io) {
    if (args.positionals.length !== 1) {
      io.stderr.write(`sluice eval: expected exactly one template\nusage: ${USAGE}\n`);
      return 2;
    }
    try {
      const config = typeof args.values.config === "string" ? await readObject(args.values.config, io, "config") : {};
      const extra = typeof args.values.context === "string" ? await readObject(args.values.context, io, "context") : {};
      const { parameters = {}, config: _ignored, ...names } = extra;
      const interpolator = createInterpolator({ clock: clockFrom(args.values.now) });
      const template = interpolator.compile(args.positionals[0], { path: "(command line)", names: Object.keys(names) });
      const context = { ...names, ...(isJsonObject(names.headers) ? { headers: asReadSees(names.headers) } : {}), config, parameters };
      const result = args.values.boolean ? template.test(context) : template.eval(context);
      io.stdout.write(`${JSON.stringify(result === undefined ? null : result)}\n`);
      return 0;
    } catch (error) {
      const text = error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error);
      io.stderr.write(`sluice eval: ${text}\n`);
      return 1;
    }
  },
};
