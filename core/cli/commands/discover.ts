import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";

/** `sluice discover`: prints the connector's streams and schemas as an Airbyte CATALOG message. */
export const command: CliCommand = {
  name: "discover",
  summary: "List the streams and their schemas (CATALOG message)",
  usage: "sluice discover (--config C | --source NAME) [--manifest M]",
  options: CONNECTOR_OPTIONS,
  run(args, io) {
    return CliSession.run(args, io, async (session, out) => {
      const connector = await session.connect(out);
      const streams = [];
      for (const stream of connector.streams) {
        const key = stream.primaryKey;
        streams.push({
          name: stream.name,
          json_schema: await stream.jsonSchema(),
          supported_sync_modes: stream.cursorField === undefined ? ["full_refresh"] : ["full_refresh", "incremental"],
          ...(stream.cursorField === undefined ? {} : { source_defined_cursor: true, default_cursor_field: [stream.cursorField] }),
          ...(key === undefined || (Array.isArray(key) && key.length === 0) ? {} : { source_defined_primary_key: normalizeKey(key) }),
          is_resumable: stream.cursorField !== undefined,
        });
      }
      out.message({ type: "CATALOG", catalog: { streams } });
      return 0;
    });
  },
};

/** Airbyte wants a list of key paths: `id` -> [["id"]], [a, b] -> [["a"], ["b"]]. */
function normalizeKey(key: string | string[] | string[][]): string[][] {
  if (typeof key === "string") return [[key]];
  return key.map((part) => (Array.isArray(part) ? part : [part]));
}
