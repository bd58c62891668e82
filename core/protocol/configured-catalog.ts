import { parseJson } from "../../python/exact-json.js";
import { ConfigError, SluiceError } from "../../sdk/index.js";
import { checkInputDepth, readBoundedText } from "../config/bounded-input-file.js";
import type { Connector } from "../connector/connector.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * One stream of a read, as the configured catalog (or `--stream`) selects it.
 *
 * @example
 * { name: "events", syncMode: "incremental" }
 */
export interface SelectedStream {
  name: string;
  /** `incremental`: start from the saved state and emit the cursor's state; `full_refresh`: start from nothing. */
  syncMode: "full_refresh" | "incremental";
  /** The catalog's `json_schema` of the stream (the columns selected), when a configured catalog gave one. */
  jsonSchema?: Record<string, unknown>;
}

/**
 * A stream entry of an Airbyte `ConfiguredAirbyteCatalog`, as far as a source reads it.
 *
 * @example
 * { stream: { name: "events" }, sync_mode: "incremental", cursor_field: ["updated_at"] }
 */
export interface ConfiguredStream {
  stream?: { name?: unknown; json_schema?: unknown };
  sync_mode?: unknown;
  cursor_field?: unknown;
}

/**
 * A configured catalog as the platform sends it (`--catalog FILE`), checked for its shape by
 * {@link parseConfiguredCatalog}; `file` (when it came from one) is where errors point.
 *
 * @example
 * parseConfiguredCatalog({ streams: [{ stream: { name: "users" }, sync_mode: "full_refresh" }] })
 */
export interface ConfiguredCatalog {
  streams: ConfiguredStream[];
  file?: string;
}

/**
 * The streams of a read and how to read them, from the configured catalog as the platform sends it:
 * - an empty `streams` list reads nothing (the platform sends one when every stream is deselected);
 * - `sync_mode: incremental` on a stream without a cursor is a config error naming the stream;
 * - the cursor is source-defined (discover says `source_defined_cursor: true`), so a `cursor_field` that
 *   names another field is reported with `warn` and the stream's own cursor is used, as the protocol says;
 * - `primary_key` is the destination's business (discover reports the manifest's as
 *   `source_defined_primary_key`); the records a source emits do not depend on it;
 * - a stream the connector lacks is a config error with the known names.
 * Without a catalog, every stream is read: incremental where it has a cursor.
 *
 * @example
 * const streams = await selectStreams(connector, { catalog: await readConfiguredCatalog("catalog.json"), warn: console.warn });
 */
export async function selectStreams(connector: Connector, options: { catalog?: ConfiguredCatalog; names?: readonly string[]; warn(text: string): void }): Promise<SelectedStream[]> {
  const natural = (name: string): SelectedStream => ({ name, syncMode: connector.stream(name).cursorField === undefined ? "full_refresh" : "incremental" });
  if (options.names?.length) return dedupe(options.names).map(natural);
  if (options.catalog === undefined) return connector.streamNames.map(natural);
  const { streams: entries, file } = options.catalog;
  const selected = new Map<string, SelectedStream>();
  entries.forEach((entry, i) => {
    const where = { file, manifestPath: `streams[${i}]` };
    const name = entry.stream?.name;
    if (typeof name !== "string") throw new ConfigError("CATALOG_INVALID", `Catalog entry ${i} has no stream.name`, { where, expected: "a stream name", found: JSON.stringify(entry.stream?.name) ?? "nothing" });
    const cursor = connector.stream(name).cursorField;
    const mode = entry.sync_mode ?? "full_refresh";
    if (mode !== "full_refresh" && mode !== "incremental") {
      throw new ConfigError("CATALOG_INVALID", `Catalog entry ${i} (stream '${name}') has an unknown sync_mode`, { where: { ...where, stream: name }, expected: "full_refresh or incremental", found: JSON.stringify(mode) });
    }
    if (mode === "incremental" && cursor === undefined) {
      throw new ConfigError("CATALOG_INCREMENTAL_WITHOUT_CURSOR", `Stream '${name}' is configured with sync_mode incremental, but it has no cursor`, {
        where: { ...where, stream: name },
        expected: "sync_mode: full_refresh for this stream (discover lists it with supported_sync_modes [full_refresh]), or an incremental_sync in the manifest",
        found: "sync_mode: incremental",
      });
    }
    const field = entry.cursor_field;
    if (mode === "incremental" && Array.isArray(field) && field.length > 0 && (field.length !== 1 || field[0] !== cursor)) {
      options.warn(`stream '${name}': the catalog's cursor_field ${JSON.stringify(field)} is ignored; the stream's cursor is source-defined: ${JSON.stringify([cursor])}`);
    }
    const jsonSchema = entry.stream?.json_schema;
    selected.set(name, { name, syncMode: mode, ...(isJsonObject(jsonSchema) ? { jsonSchema } : {}) });
  });
  return [...selected.values()];
}

/**
 * Reads a configured catalog file (`sluice read --catalog FILE`); see {@link parseConfiguredCatalog}.
 *
 * @example
 * const catalog = await readConfiguredCatalog("catalog.json");
 */
export async function readConfiguredCatalog(file: string): Promise<ConfiguredCatalog> {
  let catalog: unknown;
  try {
    catalog = parseJson(await readBoundedText(file, "catalog"), { file });
  } catch (error) {
    if (error instanceof SluiceError) throw error; // too large, or a number beyond float range (file and field named)
    throw new ConfigError("CATALOG_INVALID", "The configured catalog could not be read as JSON", { where: { file }, cause: error });
  }
  checkInputDepth(catalog, file, "catalog");
  return parseConfiguredCatalog(catalog, file);
}

/**
 * A configured catalog from its JSON: an object with a `streams` list (`CATALOG_INVALID` otherwise,
 * naming `file`). Each entry is checked against the connector when the read starts ({@link selectStreams}).
 *
 * @example
 * const catalog = parseConfiguredCatalog(JSON.parse(body), "the request body");
 */
export function parseConfiguredCatalog(catalog: unknown, file?: string): ConfiguredCatalog {
  const streams = (catalog as { streams?: unknown } | null)?.streams;
  if (!Array.isArray(streams)) {
    throw new ConfigError("CATALOG_INVALID", "The configured catalog has no streams list", { where: { file }, expected: '{ "streams": [{ "stream": { "name": ... }, "sync_mode": ... }] }' });
  }
  return { streams: streams as ConfiguredStream[], ...(file === undefined ? {} : { file }) };
}

function dedupe(names: readonly string[]): string[] {
  return [...new Set(names)];
}

