import { resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Secrets, SluiceError, type ConnectorConfig } from "../../../sdk/index.js";
import type { Sluice } from "../../sluice.js";
import { createDefaultSourceStore } from "../../sources/default-source-store.js";
import { SourceCatalog } from "../../sources/source-catalog.js";
import type { ManifestInput } from "../../manifest/load-manifest.js";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";

const USAGE = [
  "sluice sources add NAME --manifest M --config C [--store-manifest]",
  "       sluice sources list [--json]",
  "       sluice sources show NAME",
  "       sluice sources update NAME [--config C] [--manifest M] [--store-manifest]",
  "       sluice sources remove NAME",
  "       sluice sources rotate-key",
  "(--config - reads the config from stdin; SLUICE_HOME, SLUICE_DATABASE_URL and SLUICE_SECRET_KEY choose the store)",
].join("\n");

type Action = (sources: SourceCatalog, name: string, args: ParsedArgs, io: CliIO) => Promise<void>;

/**
 * `sluice sources`: stored sources (a connector and an end user's config, secrets encrypted), the same
 * operations as `sluice.sources` in the library. `show` masks every secret as `****`.
 */
export const command: CliCommand = {
  usage: USAGE,
  options: {
    manifest: { type: "string", short: "m", value: "FILE", description: "the connector's manifest (add, update)" },
    config: { type: "string", short: "c", value: "FILE", description: "the end user's config JSON, or - for stdin (add, update); its secrets are stored encrypted" },
    "store-manifest": { type: "boolean", description: "store the manifest itself in the store instead of its path (add, update)" },
    json: { type: "boolean", description: "print the list as JSON (list)" },
  },
  allowPositionals: true,
  async run(args, io) {
    const [action, name, ...extra] = args.positionals;
    const entry = action === undefined ? undefined : ACTIONS[action];
    const needsName = action !== "list" && action !== "rotate-key";
    if (!entry || extra.length > 0 || (needsName ? name === undefined : name !== undefined)) {
      io.stderr.write(`sluice sources: ${entry ? "wrong arguments" : action === undefined ? "an action is required" : `unknown action '${action}'`}\nusage: ${USAGE}\n`);
      return 2;
    }
    // This process opens PGlite once and ends: V8's optimizing tier (TurboFan) recompiles PGlite's hot
    // WebAssembly in the background for code that never runs long enough to gain from it, ~0.3 s of CPU
    // per command. The baseline compiler only, from here on; wasm compiled earlier is untouched, and the
    // library (long-lived hosts) and the reading commands keep V8's default.
    setFlagsFromString("--liftoff-only");
    const store = createDefaultSourceStore({ env: io.env, notice: (line) => io.stderr.write(`sluice: ${line}\n`) });
    // Only add and update check a config against a connector's spec, which needs the manifest pipeline
    // and every built-in component: the other actions never load them (~0.2 s of each command).
    let sluice: Sluice | undefined;
    const define = async (input: ManifestInput) => (sluice ??= (await import("../../sluice.js")).createSluice()).define(input);
    try {
      await entry(new SourceCatalog(() => store, define), name ?? "", args, io);
      return 0;
    } catch (error) {
      io.stderr.write(`sluice sources ${action}: ${describe(sluice, error)}\n`);
      return 1;
    } finally {
      await store.close();
      await sluice?.close();
    }
  },
};

const ACTIONS: Record<string, Action> = {
  async add(sources, name, args, io) {
    if (typeof args.values.manifest !== "string" || typeof args.values.config !== "string") throw usage("add needs --manifest M and --config C", "sluice sources add NAME --manifest M --config C");
    const added = await sources.add({ name, manifest: await manifestOf(args, io), config: await configOf(args.values.config, io) });
    io.stdout.write(`Added source ${name}; ${secretsLine(added.secrets)}\n`);
    plaintextReminder(args.values.config, added.secrets, io);
  },
  async list(sources, _name, args, io) {
    const list = await sources.list();
    if (args.values.json) {
      io.stdout.write(`${JSON.stringify(list)}\n`);
      return;
    }
    if (list.length === 0) {
      io.stdout.write("No sources yet: sluice sources add NAME --manifest M --config C\n");
      return;
    }
    const rows = [["NAME", "SECRETS", "UPDATED (UTC)", "MANIFEST"], ...list.map((s) => [s.name, String(s.secretCount), s.updatedAt.toISOString().slice(0, 19).replace("T", " "), s.manifestPath ?? "(stored)"])];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    io.stdout.write(rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n") + "\n");
  },
  async show(sources, name, _args, io) {
    io.stdout.write(`${JSON.stringify(await sources.get(name), null, 2)}\n`);
  },
  async update(sources, name, args, io) {
    if (args.values.config === undefined && args.values.manifest === undefined) throw usage("update needs --config C and/or --manifest M", "sluice sources update NAME [--config C] [--manifest M]");
    const updated = await sources.update(name, {
      config: typeof args.values.config === "string" ? await configOf(args.values.config, io) : undefined,
      manifest: args.values.manifest === undefined ? undefined : await manifestOf(args, io),
    });
    io.stdout.write(`Updated source ${name}; ${secretsLine(updated.secrets)}\n`);
    if (typeof args.values.config === "string") plaintextReminder(args.values.config, updated.secrets, io);
  },
  async remove(sources, name, _args, io) {
    await sources.remove(name);
    io.stdout.write(`Removed source ${name} and its secrets\n`);
  },
  async "rotate-key"(sources, _name, _args, io) {
    const report = await sources.rotateKey();
    io.stdout.write(`Re-encrypted ${report.secrets} secret${report.secrets === 1 ? "" : "s"} of ${report.sources} source${report.sources === 1 ? "" : "s"} under the new key ${report.keyId}; ${report.note}\n`);
  },
};

/** The manifest as given: a path, or (with --store-manifest) its content, stored with the source. */
async function manifestOf(args: ParsedArgs, io: CliIO): Promise<string | { manifest: Record<string, unknown> }> {
  const path = resolve(io.cwd, String(args.values.manifest));
  if (!args.values["store-manifest"]) return path;
  const { loadManifest } = await import("../../manifest/load-manifest.js");
  return { manifest: (await loadManifest({ path })).manifest };
}

async function configOf(path: string, io: CliIO): Promise<ConnectorConfig> {
  const { parseConfigText, readConfig } = await import("../cli-session.js"); // it loads the whole engine: only add and update need it
  if (path !== "-") return readConfig(resolve(io.cwd, path));
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return parseConfigText(Buffer.concat(chunks).toString("utf8"), "stdin");
}

/** The stored copy is encrypted; the file it came from is not. */
function plaintextReminder(configPath: string, secrets: string[], io: CliIO): void {
  if (configPath !== "-" && secrets.length > 0) io.stderr.write(`sluice: ${configPath} still holds these secrets in plaintext; delete it if the source is where they now live (or use --config - next time)\n`);
}

function secretsLine(secrets: string[]): string {
  return secrets.length === 0 ? "no secret fields" : `${secrets.length} secret${secrets.length === 1 ? "" : "s"} encrypted: ${secrets.join(", ")}`;
}

function usage(message: string, expected: string): SluiceError {
  return new SluiceError("SOURCES_CLI_USAGE", message, { failureType: "config_error", expected });
}

function describe(sluice: Sluice | undefined, error: unknown): string {
  const text = error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error);
  return sluice ? sluice.services.get(Secrets).redact(text) : text;
}
