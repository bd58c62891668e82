import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";

/** `sluice spec`: prints the connector's spec as an Airbyte SPEC message. */
export const command: CliCommand = {
  usage: "sluice spec [--manifest M | --source NAME]",
  options: {
    manifest: CONNECTOR_OPTIONS.manifest,
    source: CONNECTOR_OPTIONS.source,
    "no-custom-code": CONNECTOR_OPTIONS["no-custom-code"],
    "log-level": CONNECTOR_OPTIONS["log-level"],
    "log-format": CONNECTOR_OPTIONS["log-format"],
  },
  run(args, io) {
    return CliSession.run(args, io, async (session, out) => {
      const definition = await session.define();
      const spec = definition.spec;
      out.message({
        type: "SPEC",
        spec: {
          connectionSpecification: spec?.connectionSpecification ?? {},
          ...(spec?.documentationUrl ? { documentationUrl: spec.documentationUrl } : {}),
          ...(spec?.advancedAuth ? { advanced_auth: spec.advancedAuth } : {}),
        },
      });
      return 0;
    });
  },
};
