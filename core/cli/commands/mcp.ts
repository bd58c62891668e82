import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { SluiceError } from "../../../sdk/index.js";
import { BuilderApi } from "../../builder/builder-api.js";
import { BuilderFolder } from "../../builder/builder-folder.js";
import { manifestJsonSchema } from "../../manifest/manifest-json-schema.js";
import { createMcpServer } from "../../mcp/mcp-server.js";
import { packageRoot } from "../../package-root.js";
import type { CliCommand } from "../command.js";
import { CliSession } from "../cli-session.js";

/**
 * `sluice mcp [DIR]`: a Model Context Protocol server over stdio for an agent building the connector in
 * DIR (default: the current folder; an empty folder gets `sluice init`'s scaffold). Its tools are the
 * Builder's calls: read and write the manifest, validate, set testing values, test-read, probe an
 * endpoint, detect a schema, describe a component, read the docs (docs/agents.md). stdout carries the
 * protocol only; logs go to stderr. It runs until the client closes stdin (or Ctrl-C).
 *
 * @example
 * # in an MCP client's configuration
 * { "command": "npx", "args": ["sluice", "mcp", "connectors/acme"] }
 */
export const command: CliCommand = {
  usage: "sluice mcp [DIR] [--no-custom-code]",
  options: {
    "no-custom-code": { type: "boolean", description: "refuse code the manifest names (custom classes) while validating and testing" },
  },
  allowPositionals: true,
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const [dir, ...extra] = args.positionals;
      if (extra.length > 0) throw new SluiceError("MCP_TOOL_INPUT_INVALID", "sluice mcp takes one folder", { failureType: "config_error", expected: "sluice mcp [DIR]", found: args.positionals.join(" ") });
      const sluice = session.sluice;
      const { folder, created } = await BuilderFolder.open(resolve(io.cwd, dir ?? "."), { schema: () => manifestJsonSchema(sluice.registry) });
      const shown = relative(io.cwd, folder.dir) || ".";
      for (const file of created) io.stderr.write(`Created ${shown}/${file} (the folder had no manifest)\n`);
      const { version } = JSON.parse(await readFile(join(packageRoot(), "package.json"), "utf8")) as { version: string };
      const server = createMcpServer({ api: new BuilderApi(sluice, folder, created), folder, sluice }, version);
      const stdin = (io.stdin ?? process.stdin) as Readable;
      const closed = new Promise<void>((done) => {
        server.onclose = done;
        stdin.once("end", () => done());
        io.signal?.addEventListener("abort", () => done(), { once: true });
      });
      await server.connect(new StdioServerTransport(stdin, io.stdout as Writable));
      io.stderr.write(`sluice mcp: serving ${shown} over stdio\n`);
      await closed;
      await server.close();
      return 0;
    } catch (error) {
      return session.fail(error);
    }
  },
};
