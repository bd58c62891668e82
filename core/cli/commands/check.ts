import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";

/**
 * `sluice check`: checks the config against the API; prints a CONNECTION_STATUS message. A config the
 * spec rejects is a FAILED status too (and a config_error TRACE), as Airbyte expects.
 */
export const command: CliCommand = {
  usage: "sluice check (--config C | --source NAME) [--manifest M]",
  options: CONNECTOR_OPTIONS,
  run(args, io) {
    return CliSession.run(args, io, async (session, out) => {
      try {
        const result = await (await session.connect(out)).check();
        out.message({
          type: "CONNECTION_STATUS",
          connectionStatus: result.ok ? { status: "SUCCEEDED" } : { status: "FAILED", message: session.redact(result.message ?? "the check failed") },
        });
        return 0;
      } catch (error) {
        if (error instanceof SluiceError && error.failureType === "config_error") {
          out.message({ type: "CONNECTION_STATUS", connectionStatus: { status: "FAILED", message: session.redact(error.describe()) } });
        }
        throw error;
      }
    });
  },
};
