import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { ProtocolWriter } from "../protocol-writer.js";

/** `sluice check`: checks the config against the API; prints a CONNECTION_STATUS message. */
export const command: CliCommand = {
  name: "check",
  summary: "Check a config against the API (CONNECTION_STATUS message)",
  usage: "sluice check --config C [--manifest M]",
  options: CONNECTOR_OPTIONS,
  async run(args, io) {
    const session = new CliSession(args, io);
    const out = new ProtocolWriter(io, (t) => session.redact(t));
    try {
      const connector = await session.connect(out);
      const result = await connector.check();
      out.message({
        type: "CONNECTION_STATUS",
        connectionStatus: result.ok ? { status: "SUCCEEDED" } : { status: "FAILED", message: session.redact(result.message ?? "the check failed") },
      });
      await out.flush();
      return 0;
    } catch (error) {
      if (error instanceof SluiceError && error.failureType === "config_error") {
        out.message({ type: "CONNECTION_STATUS", connectionStatus: { status: "FAILED", message: session.redact(error.describe()) } });
      }
      return session.fail(error, out);
    }
  },
};
