import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { ConfigError, Secrets, SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { MemoryConfigStore } from "../config/memory-config-store.js";
import { FileConfigStore } from "../config/file-config-store.js";
import { connectorConfigControlMessage } from "../config/connector-config-message.js";
import type { Connector } from "../connector/connector.js";
import type { ConnectorDefinition } from "../connector/connector-definition.js";
import { createSluice, type Sluice } from "../sluice.js";
import type { LogLevel } from "../services/stream-logger.js";
import { isTransportName } from "../http/select-transport.js";
import type { CliIO, ParsedArgs } from "./command.js";
import { ProtocolWriter } from "./protocol-writer.js";
import { valueAt } from "../sources/config-paths.js";

/** Flags every connector command shares. */
export const CONNECTOR_OPTIONS = {
  manifest: { type: "string", short: "m" },
  config: { type: "string", short: "c" },
  source: { type: "string", short: "s" },
  "no-custom-code": { type: "boolean" },
  "log-level": { type: "string" },
  "max-pages": { type: "string" },
  "follow-cross-origin-pages": { type: "boolean" },
  transport: { type: "string" },
} as const;

/**
 * What a connector command does first: create Sluice from the flags, load the manifest (the
 * `--manifest` file, else a search from the current folder) and, when asked, the config file.
 * Rotated tokens are written back into the config file atomically and announced with a CONTROL message.
 */
export class CliSession {
  readonly sluice: Sluice;
  /** A flag whose value is wrong, reported when the command starts its work. */
  private readonly flagError?: SluiceError;

  constructor(private readonly args: ParsedArgs, private readonly io: CliIO) {
    const maxPages = args.values["max-pages"] === undefined ? undefined : Number(args.values["max-pages"]);
    const transport = args.values.transport;
    if (transport !== undefined && !isTransportName(transport)) {
      this.flagError = new ConfigError("TRANSPORT_UNKNOWN", "--transport names an unknown transport", { expected: "--transport node-fetch or --transport undici", found: String(transport) });
    }
    this.sluice = createSluice({
      ...(isTransportName(transport) ? { http: { transport } } : {}),
      trustCustomCode: args.values["no-custom-code"] ? false : undefined,
      logLevel: (args.values["log-level"] as LogLevel | undefined) ?? "info",
      readLimits: {
        ...(maxPages !== undefined && Number.isFinite(maxPages) ? { maxPages } : {}),
        ...(args.values["follow-cross-origin-pages"] ? { followCrossOriginPages: true } : {}),
      },
      sources: { env: io.env },
    });
  }

  /**
   * Runs a protocol command: a session and a protocol writer for it, the writer flushed at the end, and
   * any failure reported as a TRACE error (on stdout) and a readable message (on stderr).
   */
  static async run(args: ParsedArgs, io: CliIO, body: (session: CliSession, out: ProtocolWriter) => Promise<number>): Promise<number> {
    const session = new CliSession(args, io);
    const out = new ProtocolWriter(io, (t) => session.redact(t));
    try {
      const code = await body(session, out);
      await out.flush();
      return code;
    } catch (error) {
      return session.fail(error, out);
    } finally {
      await session.close();
    }
  }

  /** Closes the source store's connections, if one was opened. */
  close(): Promise<void> {
    return this.sluice.close();
  }

  redact(text: string): string {
    return this.sluice.services.get(Secrets).redact(text);
  }

  async define(): Promise<ConnectorDefinition> {
    if (this.flagError) throw this.flagError;
    const source = this.storedSource();
    if (source !== undefined) return this.sluice.define((await this.sluice.sources.open(source)).manifest);
    const manifest = this.args.values.manifest as string | undefined;
    return this.sluice.define(manifest ? { path: resolve(this.io.cwd, manifest) } : { searchFrom: this.io.cwd });
  }

  /**
   * Loads the manifest and the config, building nothing and sending nothing: a stored source's
   * (`--source`), the `--config` file, or else the connector's testing config `secrets/config.json`.
   */
  async load(): Promise<{ definition: ConnectorDefinition; config: ConnectorConfig; configFile?: string }> {
    if (this.flagError) throw this.flagError;
    const source = this.storedSource();
    if (source !== undefined) {
      const { record, manifest } = await this.sluice.sources.open(source);
      for (const path of record.secretPaths) this.sluice.services.get(Secrets).add(valueAt(record.config, path));
      return { definition: await this.sluice.define(manifest), config: record.config, configFile: `source ${source}` };
    }
    const definition = await this.define();
    const configFile = this.configPath(definition) ?? this.testingConfig(definition);
    const config = configFile ? await readConfig(configFile) : {};
    return { definition, config, configFile };
  }

  /**
   * Builds the connector: from a stored source (`--source`; rotated tokens are committed to the store,
   * encrypted, and no CONTROL message carries them), or from the manifest and the config `load` finds.
   */
  async connect(writer?: ProtocolWriter): Promise<Connector> {
    if (this.flagError) throw this.flagError;
    const source = this.storedSource();
    if (source !== undefined) return this.sluice.connect({ source });
    const { definition, config, configFile } = await this.load();
    // The CONTROL message carries the real tokens: the platform stores them (ProtocolWriter.message does not redact).
    const announce = async (message: Record<string, unknown>) => {
      writer?.message(message);
      await writer?.flush();
    };
    const configStore = configFile
      ? await FileConfigStore.open(configFile, { config, onControlMessage: (message) => announce(message as unknown as Record<string, unknown>) })
      : new MemoryConfigStore(config, (next) => announce(connectorConfigControlMessage(next, Date.now()) as unknown as Record<string, unknown>));
    return this.sluice.connect({ definition, config, configFile, configStore });
  }

  /** The `--source` name; refused together with `--manifest` or `--config` (a source brings both). */
  private storedSource(): string | undefined {
    const source = this.args.values.source as string | undefined;
    if (source === undefined) return undefined;
    const other = ["manifest", "config"].filter((flag) => this.args.values[flag] !== undefined);
    if (other.length) {
      throw new ConfigError("SOURCE_CONFLICT", `--source ${source} brings its own manifest and config; --${other.join(" and --")} cannot be given with it`, {
        expected: "--source NAME alone, or --manifest and --config without --source",
        found: `--source with --${other.join(" and --")}`,
      });
    }
    return source;
  }

  /**
   * The connector author's testing values: `secrets/config.json` in the connector's folder (or the
   * current one), used when no `--config` is given, and said so on stderr.
   */
  private testingConfig(definition: ConnectorDefinition): string | undefined {
    if (this.args.values.config !== undefined) return undefined;
    const found = [definition.source.dir, this.io.cwd].map((dir) => join(dir, "secrets", "config.json")).find((file) => existsSync(file));
    if (found) this.io.stderr.write(`sluice: no --config given; using the testing config ${relative(this.io.cwd, found) || found}\n`);
    return found;
  }

  /** `--config` resolved against the current folder, or else against the manifest's folder. */
  private configPath(definition: ConnectorDefinition): string | undefined {
    const given = this.args.values.config as string | undefined;
    if (!given) return undefined;
    if (isAbsolute(given)) return given;
    const fromCwd = resolve(this.io.cwd, given);
    if (existsSync(fromCwd)) return fromCwd;
    const fromManifest = resolve(definition.source.dir, given);
    return existsSync(fromManifest) ? fromManifest : fromCwd;
  }

  /** Reports a failure: a TRACE message on stdout (when a writer is given), a readable message on stderr. */
  async fail(error: unknown, writer?: ProtocolWriter): Promise<number> {
    const text = this.redact(error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error));
    const failureType = error instanceof SluiceError ? error.failureType : "system_error";
    if (writer) {
      writer.error(text, failureType, error instanceof Error && !(error instanceof SluiceError) ? error.stack : undefined);
      await writer.flush();
    }
    this.io.stderr.write(`sluice: ${text}\n`);
    return 1;
  }
}

/** Reads a config file as a JSON object (an error names the position of bad JSON, never the text). */
export async function readConfig(file: string): Promise<ConnectorConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError("CONFIG_NOT_FOUND", "The config file could not be read", {
      where: { file },
      expected: "a readable JSON file",
      found: (error as NodeJS.ErrnoException).code ?? String(error),
    });
  }
  return parseConfigText(text, file);
}

/** Parses config text as a JSON object; an error names the position of bad JSON, never the text (it may hold a credential). */
export function parseConfigText(text: string, file: string): ConnectorConfig {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
    return value as ConnectorConfig;
  } catch (error) {
    throw new ConfigError("CONFIG_PARSE", "The config file is not a JSON object", {
      where: { file },
      expected: "a JSON object",
      // JSON.parse messages quote the text around the error, which may be a credential: only the position is shown.
      found: `invalid JSON${/position (\d+)/.exec((error as Error).message)?.[0] ? ` at ${/position (\d+)/.exec((error as Error).message)![0]}` : ""}`,
    });
  }
}
