import type { AirbyteMessage } from "../protocol/messages.js";
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { ConfigError, Logger, Secrets, SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { MemoryConfigStore } from "../../sdk/index.js";
import { readBoundedText } from "../config/bounded-input-file.js";
import { FileConfigStore } from "../config/file-config-store.js";
import { parseConfigText } from "../config/parse-config-text.js";

export { parseConfigText };
import { connectorConfigControlMessage } from "../config/connector-config-message.js";
import type { Connector } from "../connector/connector.js";
import type { ConnectorDefinition } from "../connector/connector-definition.js";
import { createSluice, type Sluice } from "../sluice.js";
import type { HttpOptions } from "../http/http-options.js";
import { HTTP_LIMITS, type HttpLimits } from "../http/http-limits.js";
import { StreamLogger, type LogLevel } from "../services/stream-logger.js";
import type { CliIO, CliOptions, ParsedArgs } from "./command.js";
import { resolveLogFormat, runByPlatform, type LogFormat } from "./log-format.js";
import { isTransportName } from "../http/select-transport.js";
import { ProtocolWriter } from "./protocol-writer.js";
import { valueAt } from "../sources/config-paths.js";

/** Flags every connector command shares. */
export const CONNECTOR_OPTIONS = {
  manifest: { type: "string", short: "m", value: "FILE", description: "the manifest (default: sluice.config.*, .sluicerc* or manifest.yaml in this folder)" },
  config: { type: "string", short: "c", value: "FILE", description: "the config JSON file (rotated tokens are written back to it)" },
  source: { type: "string", short: "s", value: "NAME", description: "a stored source (see `sluice sources`): its manifest and config, secrets decrypted" },
  "no-custom-code": { type: "boolean", description: "refuse all code the manifest or config names (classes, plugins, code config files: none is imported; also SLUICE_DISABLE_CUSTOM_CODE=1)" },
  "log-level": { type: "string", value: "LEVEL", choices: ["debug", "info", "warn", "error"], description: "how much to log (default info)" },
  "log-format": {
    type: "string",
    value: "FORMAT",
    choices: ["auto", "airbyte", "text"],
    description: "airbyte: LOG messages on stdout; text: lines on stderr; auto (default): airbyte when AIRBYTE_ENTRYPOINT is set",
  },
  "max-pages": { type: "string", value: "N", number: { integer: true, min: 1 }, description: "read at most N pages per stream, then stop with a warning (exit 0)" },
  timeout: { type: "string", value: "SECONDS", number: { min: 0.001 }, description: "time limit of one HTTP attempt (default 30)" },
  "max-retries": { type: "string", value: "N", number: { integer: true, min: 0 }, description: "retries of a failed request, replacing the manifest's max_retries (default: the manifest's, else 5)" },
  "request-deadline": { type: "string", value: "SECONDS", number: { min: 0.001 }, description: "total time limit of one request, retries and waits included (default 180)" },
  "max-response-bytes": { type: "string", value: "BYTES", number: { integer: true, min: 1 }, description: "the largest response body read, counted after decompression; larger fails with HTTP_RESPONSE_TOO_LARGE (default 104857600, 100 MiB)" },
  "max-nesting-depth": { type: "string", value: "N", number: { integer: true, min: 1 }, description: "the deepest nesting of objects and lists a JSON response may have; deeper fails with RESPONSE_TOO_DEEP (default 1000)" },
  "max-redirects": { type: "string", value: "N", number: { integer: true, min: 0 }, description: "redirects followed for one request; more fail with HTTP_REDIRECT_LIMIT (default 10; 0 follows none)" },
  "follow-cross-origin-pages": { type: "boolean", description: "follow a next-page URL on another origin (sent without credentials)" },
  transport: { type: "string", value: "NAME", description: "the HTTP transport: node-fetch (default) or undici" },
} as const satisfies CliOptions;

/**
 * What a connector command does first: create Sluice from the flags, load the manifest (the
 * `--manifest` file, else a search from the current folder) and, when asked, the config file.
 * Rotated tokens are written back into the config file atomically and announced with a CONTROL message.
 */
export class CliSession {
  readonly sluice: Sluice;
  /** The run's protocol messages (stdout). */
  readonly out: ProtocolWriter;
  /** `airbyte`: logs are LOG messages on stdout; `text`: readable lines on stderr (see {@link resolveLogFormat}). */
  readonly logFormat: LogFormat;
  /** The `--max-pages` the user gave: reaching it ends a stream's read with a warning, not an error. */
  readonly userMaxPages?: number;
  /** Where stderr lines go; a live progress display replaces it to keep its own line clear. */
  stderrLine: (text: string) => void;

  /** A flag whose value is wrong, reported when the command starts its work. */
  private readonly flagError?: SluiceError;

  constructor(private readonly args: ParsedArgs, private readonly io: CliIO) {
    const maxPages = args.values["max-pages"] === undefined ? undefined : Number(args.values["max-pages"]);
    const transport = args.values.transport;
    if (transport !== undefined && !isTransportName(transport)) {
      this.flagError = new ConfigError("TRANSPORT_UNKNOWN", "--transport names an unknown transport", { expected: "--transport node-fetch or --transport undici", found: String(transport) });
    }
    this.userMaxPages = maxPages;
    this.logFormat = resolveLogFormat(args.values["log-format"], io.env);
    this.stderrLine = (text) => io.stderr.write(text);
    this.out = new ProtocolWriter(io, (t) => this.redact(t));
    const level = (args.values["log-level"] as LogLevel | undefined) ?? "info";
    this.sluice = createSluice({
      trustCustomCode: args.values["no-custom-code"] ? false : undefined,
      logLevel: level,
      http: { ...httpOptions(args), ...(isTransportName(transport) ? { transport } : {}) },
      readLimits: {
        ...(maxPages !== undefined ? { maxPages } : {}),
        ...(args.values["follow-cross-origin-pages"] ? { followCrossOriginPages: true } : {}),
      },
      sources: { env: io.env, notice: (line) => this.notice("INFO", line) },
    });
    const secrets = this.sluice.services.get(Secrets);
    // Airbyte format: each entry a LOG message among the records; text: a line on stderr (above the progress line).
    const emit = (entry: LogLevel, text: string) => this.out.log(entry.toUpperCase() as Uppercase<LogLevel>, text);
    this.sluice.register(Logger, new StreamLogger(secrets, this.logFormat === "airbyte" ? { level, emit } : { level, write: (line) => this.writeStderr(line) }));
  }

  /**
   * Writes one line to stderr; nothing once stdout's reader has gone (`sluice read | head`): the run then
   * ends quietly, as `yes | head` does.
   */
  writeStderr(text: string): void {
    if (!this.io.stdoutClosed?.aborted) this.stderrLine(text);
  }

  /**
   * A message for the person or the platform: a LOG message in the airbyte format, else a line on stderr.
   *
   * @example
   * session.notice("WARN", "stream 'users' stopped after 3 pages (--max-pages)");
   */
  notice(level: "INFO" | "WARN" | "ERROR", text: string): void {
    const safe = this.redact(text);
    if (this.logFormat === "airbyte") this.out.log(level, safe);
    else this.writeStderr(`sluice: ${level === "INFO" ? "" : `${level.toLowerCase()}: `}${safe}\n`);
  }

  /**
   * Runs a protocol command: a session and a protocol writer for it, the writer flushed at the end, and
   * any failure reported as a TRACE error (on stdout) and a readable message (on stderr).
   */
  static async run(args: ParsedArgs, io: CliIO, body: (session: CliSession, out: ProtocolWriter) => Promise<number>): Promise<number> {
    const session = new CliSession(args, io);
    const out = session.out;
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

  /**
   * Loads the manifest: a stored source's (`--source`), else `--manifest FILE`, else `SLUICE_MANIFEST` (a
   * manifest file, or a connector folder to search, as the source image sets it), else a search of the current folder.
   */
  async define(): Promise<ConnectorDefinition> {
    if (this.flagError) throw this.flagError;
    const source = this.storedSource();
    if (source !== undefined) return this.sluice.define((await this.sluice.sources.open(source)).manifest);
    const manifest = (this.args.values.manifest as string | undefined) || this.io.env.SLUICE_MANIFEST;
    if (!manifest) return this.sluice.define({ searchFrom: this.io.cwd });
    const path = resolve(this.io.cwd, manifest);
    return this.sluice.define(isDirectory(path) ? { searchFrom: path } : { path });
  }

  /**
   * Loads the manifest and the config, building nothing and sending nothing: a stored source's
   * (`--source`), the `--config` file, or else the connector's testing config `secrets/config.json`.
   */
  load(): Promise<{ definition: ConnectorDefinition; config: ConnectorConfig; configFile?: string }> {
    // Once per session: `discover --detect-schemas` loads for its test read after `connect` did.
    this.loaded ??= this.loadOnce();
    return this.loaded;
  }

  private loaded?: Promise<{ definition: ConnectorDefinition; config: ConnectorConfig; configFile?: string }>;

  private async loadOnce(): Promise<{ definition: ConnectorDefinition; config: ConnectorConfig; configFile?: string }> {
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
   * encrypted, and no CONTROL message carries them), or from the manifest and the config `load` finds. There,
   * a changed config (a rotated single-use token) is announced with a CONTROL message before it is used; run
   * by a person, it is also written back into the config file; run by the platform, the CONTROL message is
   * how it is kept (the platform stores it; its config file is a throwaway copy).
   */
  async connect(writer: ProtocolWriter | undefined = this.out): Promise<Connector> {
    if (this.flagError) throw this.flagError;
    const source = this.storedSource();
    if (source !== undefined) return this.sluice.connect({ source });
    const { definition, config, configFile } = await this.load();
    // The CONTROL message carries the real tokens: the platform stores them (ProtocolWriter.message does not redact).
    const announce = async (message: AirbyteMessage) => {
      writer?.message(message);
      await writer?.flush();
    };
    const configStore = configFile && !runByPlatform(this.io.env)
      ? await FileConfigStore.open(configFile, { config, onControlMessage: announce })
      : new MemoryConfigStore(config, (next) => announce(connectorConfigControlMessage(next, Date.now())));
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
  async fail(error: unknown, writer: ProtocolWriter | undefined = this.out, stream?: string): Promise<number> {
    const text = this.redact(error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error));
    const failureType = error instanceof SluiceError ? error.failureType : "system_error";
    if (writer) writer.error(text, failureType, error instanceof Error && !(error instanceof SluiceError) ? error.stack : undefined, stream);
    this.notice("ERROR", text);
    await writer?.flush();
    return 1;
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** The flag of each HTTP limit, to its option name. */
const HTTP_LIMIT_FLAGS: Record<string, keyof HttpLimits> = Object.fromEntries(Object.entries(HTTP_LIMITS).map(([name, limit]) => [limit.flag, name as keyof HttpLimits]));

/** The HTTP time limits, size limits and retries the flags set (seconds on the command line, milliseconds inside). */
function httpOptions(args: ParsedArgs): Partial<HttpOptions> {
  const seconds = (name: string) => (args.values[name] === undefined ? undefined : Number(args.values[name]) * 1000);
  const timeoutMs = seconds("timeout");
  const requestDeadlineMs = seconds("request-deadline");
  const retries = args.values["max-retries"];
  const whole = (name: string) => (args.values[name] === undefined ? {} : { [HTTP_LIMIT_FLAGS[name]!]: Number(args.values[name]) });
  return {
    ...whole("max-response-bytes"),
    ...whole("max-nesting-depth"),
    ...whole("max-redirects"),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(requestDeadlineMs === undefined ? {} : { requestDeadlineMs }),
    ...(retries === undefined ? {} : { maxRetriesOverride: Number(retries) }),
  };
}

/** Reads a config file as a JSON object (an error names the line and column of bad JSON, never the text). */
export async function readConfig(file: string): Promise<ConnectorConfig> {
  let text: string;
  try {
    text = await readBoundedText(file, "config");
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError("CONFIG_NOT_FOUND", code === "ENOENT" ? `no such file: ${file}` : `The config file could not be read (${code ?? String(error)})`, {
      where: { file },
      expected: "a readable JSON file (--config FILE)",
      found: code === "ENOENT" ? "no file at that path" : (code ?? String(error)),
    });
  }
  return parseConfigText(text, file);
}

