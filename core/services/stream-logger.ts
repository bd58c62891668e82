import type { Logger, Secrets } from "../../sdk/index.js";

/** How much a logger prints. */
export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Options of {@link StreamLogger}. */
interface StreamLoggerOptions {
  /** The least level written (default info). */
  level?: LogLevel;
  /** Where a line (`"info  message fields\n"`) goes; default stderr. */
  write?: (line: string) => void;
  /** Instead of `write`: receives each entry's level and redacted text (message and fields), e.g. for Airbyte LOG messages. */
  emit?: (level: LogLevel, text: string) => void;
}

/**
 * A logger writing human-readable lines (to stderr by default), or handing each entry to `emit`, with
 * every secret redacted.
 *
 * @example
 * const logger = new StreamLogger(secrets, { level: "info" });
 * logger.info("read 100 records", { stream: "users" }); // "info  read 100 records stream=users"
 * new StreamLogger(secrets, { emit: (level, text) => out.log(level.toUpperCase(), text) }); // Airbyte LOG messages
 */
export class StreamLogger implements Logger {
  constructor(
    private readonly secrets: Secrets,
    private readonly options: StreamLoggerOptions = {},
  ) {}

  debug(message: string, fields?: Record<string, unknown>): void {
    this.log("debug", message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.log("info", message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.log("warn", message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.log("error", message, fields);
  }

  private log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    if (ORDER[level] < ORDER[this.options.level ?? "info"]) return;
    const extra = fields ? Object.entries(fields).map(([k, v]) => ` ${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join("") : "";
    if (this.options.emit) return this.options.emit(level, this.secrets.redact(`${message}${extra}`));
    const line = this.secrets.redact(`${level.padEnd(5)} ${message}${extra}`);
    (this.options.write ?? ((text: string) => process.stderr.write(text)))(`${line}\n`);
  }
}
