import { stringifyJson } from "../../python/exact-json.js";
import type { CliIO } from "./command.js";
import { errorTraceMessage, logMessage, type AirbyteLogLevel, type AirbyteMessage } from "../protocol/messages.js";
import { recordLine, recordLines } from "../protocol/record-lines.js";
import { drainedOrClosed } from "./stdout-closed.js";

/**
 * Writes Airbyte protocol messages (built by core/protocol/, the RECORD lines too), one JSON object per line, buffering lines
 * so that a read of a million records does not make a million writes.
 *
 * @example
 * const out = new ProtocolWriter(io);
 * out.record("users", { id: 1 });
 * await out.flush();
 */
export class ProtocolWriter {
  private buffer = "";
  private readonly limit = 64 * 1024;

  constructor(private readonly io: CliIO, private readonly redact: (text: string) => string = (t) => t) {}

  message(message: AirbyteMessage): void {
    this.buffer += `${stringifyJson(message)}\n`;
    if (this.buffer.length >= this.limit) this.flushSync();
  }

  /** One RECORD message (core/protocol/record-lines.ts: `RECORD_NOT_SERIALIZABLE` when it cannot be JSON). */
  record(stream: string, data: Record<string, unknown>): void {
    this.buffer += recordLine(stream, data);
    if (this.buffer.length >= this.limit) this.flushSync();
  }

  /**
   * A page of one stream's records (one clock read for the page). Buffered until `flushIfFull()`, which
   * the caller awaits: a slow stdout then slows the read down instead of growing memory.
   */
  records(stream: string, records: readonly Record<string, unknown>[]): void {
    this.buffer += recordLines(stream, records);
  }

  /** Writes what is buffered once it passes 16 KB, waiting while stdout is full. */
  flushIfFull(): Promise<void> | undefined {
    return this.buffer.length >= 16 * 1024 ? this.flush() : undefined;
  }

  /** A `LOG` message (the text is written as given: redact it first). */
  log(level: AirbyteLogLevel, message: string): void {
    this.message(logMessage(level, message));
  }

  /** An ERROR trace; its texts are redacted here. */
  error(message: string, failureType: string, internal?: string, stream?: string): void {
    this.message(errorTraceMessage({ message: this.redact(message), internal: internal ? this.redact(internal) : undefined, failureType, stream }));
  }

  /** Writes what is buffered and waits until stdout has taken it (or has closed: then nothing is written). */
  async flush(): Promise<void> {
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = "";
    const stdout = this.io.stdout as NodeJS.WritableStream;
    // Once its reader went away, stdout takes nothing more (and never drains).
    if (this.io.stdoutClosed?.aborted) return;
    if (stdout.write(text) === false && typeof stdout.once === "function") await drainedOrClosed(stdout);
  }

  private flushSync(): void {
    const text = this.buffer;
    this.buffer = "";
    if (!this.io.stdoutClosed?.aborted) this.io.stdout.write(text);
  }
}
