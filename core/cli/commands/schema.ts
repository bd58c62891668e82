import { resolve } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { manifestJsonSchema } from "../../manifest/manifest-json-schema.js";

/**
 * `sluice schema`: prints the JSON Schema of a manifest, assembled from every registered component type
 * (the built-ins, the host's plugins, and the plugins of a Sluice config file found with `--manifest`
 * or in the current folder), for an editor's YAML language server.
 *
 * @example
 * sluice schema > manifest.schema.json
 * # then, first line of manifest.yaml:
 * # yaml-language-server: $schema=manifest.schema.json
 */
export const command: CliCommand = {
  usage: "sluice schema [--manifest M]",
  options: { manifest: CONNECTOR_OPTIONS.manifest, "no-custom-code": CONNECTOR_OPTIONS["no-custom-code"] },
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const manifest = args.values.manifest as string | undefined;
      let registry = session.sluice.registry;
      try {
        registry = (await session.sluice.inspect(manifest ? { path: resolve(io.cwd, manifest) } : { searchFrom: io.cwd })).registry;
      } catch (error) {
        // Without a manifest in sight, the schema of the built-ins and the host's plugins.
        if (manifest || !(error instanceof SluiceError && error.code === "MANIFEST_NOT_FOUND")) throw error;
      }
      io.stdout.write(`${JSON.stringify(manifestJsonSchema(registry), null, 2)}\n`);
      return 0;
    } catch (error) {
      return session.fail(error);
    }
  },
};
