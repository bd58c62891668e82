import type { Connector } from "../connector/connector.js";

/**
 * One stream of an Airbyte catalog, as `discover` reports it.
 *
 * @example
 * { name: "events", json_schema: { type: "object" }, supported_sync_modes: ["full_refresh", "incremental"],
 *   source_defined_cursor: true, default_cursor_field: ["updated_at"], source_defined_primary_key: [["id"]], is_resumable: true }
 */
export interface AirbyteStream {
  name: string;
  json_schema: Record<string, unknown>;
  supported_sync_modes: Array<"full_refresh" | "incremental">;
  source_defined_cursor?: true;
  default_cursor_field?: string[];
  source_defined_primary_key?: string[][];
  is_resumable: boolean;
}

/**
 * The Airbyte catalog of a connector (what `sluice discover` prints in its CATALOG message): each
 * stream's name and JSON Schema, its sync modes (incremental where it has a cursor, which is
 * source-defined), and its primary key as a list of key paths. `schemas` replaces the declared schema of
 * the streams it names (`sluice discover --detect-schemas`: the schemas detected from their records).
 *
 * @example
 * const catalog = await airbyteCatalog(connector);
 * process.stdout.write(`${JSON.stringify({ type: "CATALOG", catalog })}\n`);
 */
export async function airbyteCatalog(connector: Connector, options: { schemas?: ReadonlyMap<string, Record<string, unknown>> } = {}): Promise<{ streams: AirbyteStream[] }> {
  const streams: AirbyteStream[] = [];
  for (const stream of connector.streams) {
    const key = stream.primaryKey;
    const cursor = stream.cursorField;
    streams.push({
      name: stream.name,
      json_schema: options.schemas?.get(stream.name) ?? (await stream.jsonSchema()),
      supported_sync_modes: cursor === undefined ? ["full_refresh"] : ["full_refresh", "incremental"],
      ...(cursor === undefined ? {} : { source_defined_cursor: true as const, default_cursor_field: [cursor] }),
      ...(key === undefined || (Array.isArray(key) && key.length === 0) ? {} : { source_defined_primary_key: keyPaths(key) }),
      is_resumable: cursor !== undefined,
    });
  }
  return { streams };
}

/** Airbyte wants a list of key paths: `id` -> [["id"]], [a, b] -> [["a"], ["b"]]. */
function keyPaths(key: string | string[] | string[][]): string[][] {
  if (typeof key === "string") return [[key]];
  return key.map((part) => (Array.isArray(part) ? part : [part]));
}
