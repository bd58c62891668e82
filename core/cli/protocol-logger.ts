import type { Logger } from "../../sdk/index.js";
import type { LogLevel } from "../services/stream-logger.js";
import type { ProtocolWriter } from "./protocol-writer.js";

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const AIRBYTE_LEVEL = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" } as const;

/**
 * A logger that writes Airbyte `LOG` messages through the run's protocol writer (so they keep their
 * place among the records), every secret redacted: what the platform shows in a sync's log.
 *
 * @example
 * const logger = new ProtocolLogger(out, "info", (text) => secrets.redact(text));
 * logger.warn("retrying in 1000 ms", { attempt: 2 });
 * // {"type":"LOG","log":{"level":"WARN","message":"retrying in 1000 ms attempt=2"}}
 */
export class ProtocolLogger implements Logger {
  constructor(
    private readonly out: ProtocolWriter,
    private readonly level: LogLevel,
    private readonly redact: (text: string) => string,
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
    if (ORDER[level] < ORDER[this.level]) return;
    const extra = fields ? Object.entries(fields).map(([k, v]) => ` ${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join("") : "";
    this.out.log(AIRBYTE_LEVEL[level], this.redact(`${message}${extra}`));
  }
}
