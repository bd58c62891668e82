import { parseJson, stringifyJson } from "../../python/exact-json.js";
import { ConfigError, SluiceError, type ConfigStore, type ConnectorConfig } from "../../sdk/index.js";
import { checkInputDepth, readBoundedText } from "./bounded-input-file.js";
import { acquireConfigLock, type ConfigLockOptions } from "./config-file-lock.js";
import { connectorConfigControlMessage, type ConnectorConfigControlMessage } from "./connector-config-message.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** Options of {@link FileConfigStore}. */
interface FileConfigStoreOptions {
  /** The config object the connector reads (default: parsed from the file). It is kept up to date. */
  config?: ConnectorConfig;
  /** Called after each change is on disk, with the CONTROL message for stdout (the CLI prints it). */
  onControlMessage?: (message: ConnectorConfigControlMessage) => void | Promise<void>;
  /** Milliseconds since the epoch, for `emitted_at` (default `Date.now`). */
  now?: () => number;
  lock?: ConfigLockOptions;
}

/**
 * The CLI's config store: the `--config` JSON file. An update holds the lock file `<config>.lock`,
 * re-reads the file (another sync may have rotated a token meanwhile), applies the change, and
 * rewrites the file atomically (temp file, fsync, rename), keeping its indentation, key order and
 * everything the change did not touch; then it emits the Airbyte CONTROL/CONNECTOR_CONFIG message.
 *
 * @example
 * const store = await FileConfigStore.open("secrets/config.json", {
 *   config, onControlMessage: (message) => stdout.write(JSON.stringify(message) + "\n"),
 * });
 * await sluice.connect({ path: "manifest.yaml", config, configStore: store });
 */
export class FileConfigStore implements ConfigStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly config: ConnectorConfig,
    private readonly options: FileConfigStoreOptions,
  ) {}

  /** Opens the store, reading the file unless `options.config` is given. */
  static async open(path: string, options: FileConfigStoreOptions = {}): Promise<FileConfigStore> {
    const config = options.config ?? parseConfig((await readConfigText(path)), path);
    return new FileConfigStore(path, config, options);
  }

  current(): ConnectorConfig {
    return this.config;
  }

  update(mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<void> {
    const run = this.queue.then(() => this.updateLocked(mutate));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async updateLocked(mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<void> {
    const lock = await acquireConfigLock(this.path, this.options.lock);
    try {
      const text = await readConfigText(this.path);
      const before = parseConfig(text, this.path);
      const next = structuredClone(before);
      await mutate(next);
      if (JSON.stringify(next) === JSON.stringify(before)) {
        this.adopt(next);
        return;
      }
      await writeFileAtomic(this.path, serializeLike(text, next)).catch((error: unknown) => {
        throw new ConfigError("CONFIG_WRITE_FAILED", `Could not save the updated config to ${this.path}: ${(error as Error).message}`, {
          failureType: "system_error",
          where: { file: this.path },
          cause: error,
        });
      });
      this.adopt(next);
      await this.options.onControlMessage?.(connectorConfigControlMessage(next, (this.options.now ?? Date.now)()));
    } finally {
      await lock.release();
    }
  }

  /** Makes the in-memory config match the file, keeping the object every component holds. */
  private adopt(next: ConnectorConfig): void {
    for (const [key, value] of Object.entries(next)) this.config[key] = value;
  }
}

async function readConfigText(path: string): Promise<string> {
  try {
    return await readBoundedText(path, "config");
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError("CONFIG_FILE_UNREADABLE", `Could not read the config file ${path}: ${(error as Error).message}`, { where: { file: path }, cause: error });
  }
}

function parseConfig(text: string, path: string): ConnectorConfig {
  let value: unknown;
  try {
    value = parseJson(text, { file: path }); // an integer past 2^53 keeps its digits
  } catch (error) {
    if (error instanceof SluiceError) throw error; // a number beyond float range, the file and field named
    // JSON.parse's message quotes the text around the error, which may be a token: only the position is shown.
    const position = /position (\d+)/.exec((error as Error).message)?.[0];
    throw new ConfigError("CONFIG_FILE_INVALID", `The config file ${path} is not valid JSON`, { where: { file: path }, expected: "a JSON object", found: `invalid JSON${position ? ` at ${position}` : ""}` });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError("CONFIG_FILE_INVALID", `The config file ${path} does not hold a JSON object`, { where: { file: path }, expected: "a JSON object", found: Array.isArray(value) ? "a list" : typeof value });
  }
  checkInputDepth(value, path, "config");
  return value as ConnectorConfig;
}

/** Serializes with the original file's indentation (or none) and final newline. */
function serializeLike(original: string, value: ConnectorConfig): string {
  const indent = /^[{[]\r?\n([ \t]+)\S/.exec(original.trimStart())?.[1];
  const body = stringifyJson(value, indent);
  const eol = original.includes("\r\n") ? "\r\n" : "\n";
  const text = eol === "\r\n" ? body.replace(/\n/g, "\r\n") : body;
  return /\r?\n$/.test(original) ? text + eol : text;
}
