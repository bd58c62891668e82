import type { Logger, Secrets } from "../../sdk/index.js";

/** How much a logger prints. */
export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * A logger writing human-readable lines (to stderr by default), with every secret redacted.
 *
 * @example
 * const logger = new StreamLogger(secrets, { level: "info" });
 * logger.info("read 100 records", { stream: "users" }); // "info  read 100 records stream=users"
 */
export class StreamLogger implements Logger {
  constructor(
    private readonly secrets: Secrets,
    private readonly options: { level?: LogLevel; write?: (line: string) => void } = {},
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
    const line = this.secrets.redact(`${level.padEnd(5)} ${message}${extra}`);
    (this.options.write ?? ((text: string) => process.stderr.write(text)))(`${line}\n`);
  }
}
