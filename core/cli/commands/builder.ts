import { relative, resolve } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import { openBrowser } from "../../../oauth-consent/open-browser.js";
import { startBuilder } from "../../builder/builder-server.js";
import type { CliCommand } from "../command.js";
import { CliSession } from "../cli-session.js";

/**
 * `sluice builder [DIR]`: serves the Builder, a page that edits the connector folder DIR (default:
 * the current folder; a folder without a manifest gets `sluice init`'s scaffold) on 127.0.0.1, prints
 * its URL with the session token, opens it in the browser unless `--no-open`, and runs until Ctrl-C.
 * See docs/builder.md.
 *
 * @example
 * sluice builder connectors/acme --port 8780 --no-open
 * # Sluice Builder for connectors/acme (manifest.yaml, testing values in secrets/config.json):
 * # http://127.0.0.1:8780/Yt9...Q/
 */
export const command: CliCommand = {
  usage: "sluice builder [DIR] [--port P] [--no-open]",
  options: {
    port: { type: "string", value: "PORT", number: { integer: true, min: 0 }, description: "the loopback port to serve on (default: a free one)" },
    "no-open": { type: "boolean", description: "print the URL without opening a browser" },
    "no-custom-code": { type: "boolean", description: "refuse code the manifest names (custom classes) while validating and testing" },
  },
  allowPositionals: true,
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const [dir, ...extra] = args.positionals;
      if (extra.length > 0) {
        throw new SluiceError("BUILDER_BAD_REQUEST", "sluice builder takes one folder", { failureType: "config_error", expected: "sluice builder [DIR]", found: args.positionals.join(" ") });
      }
      const port = typeof args.values.port === "string" ? Number(args.values.port) : undefined;
      const onRefused = ({ method, reason }: { method: string; reason: string }) => io.stderr.write(`${new Date().toISOString().slice(11, 19)} ${method} ${reason}\n`);
      const builder = await startBuilder(session.sluice, { dir: resolve(io.cwd, dir ?? "."), port, onRefused });
      const shown = relative(io.cwd, builder.folder.dir) || ".";
      for (const file of builder.created) io.stderr.write(`Created ${shown}/${file} (the folder had no manifest)\n`);
      io.stdout.write(`Sluice Builder for ${shown} (${relative(builder.folder.dir, builder.folder.manifestFile)}, testing values in secrets/config.json):\n${builder.url}\n`);
      if (args.values["no-open"] !== true && !(await openBrowser(builder.url))) io.stderr.write("Could not open a browser; open the URL above yourself.\n");
      io.stderr.write("Press Ctrl-C to stop.\n");
      await new Promise<void>((done) => {
        if (!io.signal || io.signal.aborted) return done();
        io.signal.addEventListener("abort", () => done(), { once: true });
      });
      await builder.close();
      io.stderr.write("Builder stopped.\n");
      return 0;
    } catch (error) {
      return session.fail(error);
    }
  },
};
