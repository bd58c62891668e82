import { airbyteCatalog } from "../../protocol/airbyte-catalog.js";
import { catalogMessage } from "../../protocol/messages.js";
import { detectSchemas } from "../../schema/detect-schemas.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";

/**
 * `sluice discover`: `airbyteCatalog` (core/protocol/) printed as an Airbyte CATALOG message;
 * `--detect-schemas` test-reads each stream that declares no schema and puts the schema inferred from
 * its records in the catalog (core/schema/detect-schemas.ts).
 */
export const command: CliCommand = {
  usage: "sluice discover (--config C | --source NAME) [--manifest M] [--detect-schemas [--date-time-formats]]",
  options: {
    ...CONNECTOR_OPTIONS,
    "detect-schemas": { type: "boolean", description: "read a few pages of each stream that declares no schema and report the schema inferred from its records" },
    "date-time-formats": { type: "boolean", description: "with --detect-schemas: format date-time on a field whose every value is a date-time" },
  },
  run(args, io) {
    return CliSession.run(args, io, async (session, out) => {
      const connector = await session.connect(out);
      let schemas: ReadonlyMap<string, Record<string, unknown>> | undefined;
      if (args.values["detect-schemas"]) {
        const { definition, config, configFile } = await session.load();
        const detected = await detectSchemas(session.sluice, { definition, config, configFile, signal: io.signal, infer: { dateTimeFormats: args.values["date-time-formats"] === true } });
        for (const note of detected.notes) io.stderr.write(`sluice discover: ${session.redact(note)}\n`);
        schemas = detected.schemas;
      }
      out.message(catalogMessage(await airbyteCatalog(connector, { schemas })));
      return 0;
    });
  },
};
