import { airbyteCatalog } from "../../protocol/airbyte-catalog.js";
import { catalogMessage } from "../../protocol/messages.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";

/** `sluice discover`: `airbyteCatalog` (core/protocol/) printed as an Airbyte CATALOG message. */
export const command: CliCommand = {
  usage: "sluice discover (--config C | --source NAME) [--manifest M]",
  options: CONNECTOR_OPTIONS,
  run(args, io) {
    return CliSession.run(args, io, async (session, out) => {
      const connector = await session.connect(out);
      out.message(catalogMessage(await airbyteCatalog(connector)));
      return 0;
    });
  },
};
