import { errorCodeEntry, type ErrorCode } from "./error-codes.js";
import type { FailureType } from "./failure-type.js";

/**
 * Where something went wrong, as precisely as Sluice knows it.
 *
 * @example
 * { file: "manifest.yaml", manifestPath: "streams[0].retriever.paginator", stream: "users", page: 3 }
 */
export interface ErrorLocation {
  /** The manifest or config file. */
  file?: string;
  /** The path inside the manifest, e.g. `streams[0].retriever.paginator.pagination_strategy`. */
  manifestPath?: string;
  /** The stream being read. */
  stream?: string;
  /** The page number (1 = first page) being read. */
  page?: number;
  /** The request, as `METHOD url` with credentials redacted. */
  request?: string;
  /** The component type or custom class name involved. */
  component?: string;
}

export type { FailureType } from "./failure-type.js";

/**
 * Options every Sluice error accepts.
 *
 * @example
 * new PaginationError("PAGINATION_REPEATED_TOKEN", "the token repeated", { where: { stream: "users", page: 4 }, expected: "a new token", found: "'abc' again" });
 */
export interface SluiceErrorOptions {
  where?: ErrorLocation;
  cause?: unknown;
  failureType?: FailureType;
  /** What was expected (shown on its own line). */
  expected?: string;
  /** What was found instead. */
  found?: string;
}

/**
 * The one base class of every error Sluice raises. Each error has a stable `code` from the typed
 * catalogue ({@link ERROR_CODES}, which docs/errors.md is generated from), says what was expected and
 * what was found, and where. Without a `failureType` option, the catalogue's applies.
 *
 * @example
 * throw new SluiceError("PAGINATION_REPEATED_TOKEN", "The page token repeated", { where: { stream: "users", page: 4 } });
 */
export class SluiceError extends Error {
  readonly code: ErrorCode;
  readonly where: ErrorLocation;
  readonly failureType: FailureType;
  readonly expected?: string;
  readonly found?: string;

  constructor(code: ErrorCode, message: string, options: SluiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.where = { ...(options.where ?? {}) };
    this.failureType = options.failureType ?? errorCodeEntry(code)?.failureType ?? "system_error";
    this.expected = options.expected;
    this.found = options.found;
  }

  /** Adds location facts that the error does not know yet (the inner, more precise ones win). */
  locate(where: ErrorLocation): this {
    for (const [key, value] of Object.entries(where)) {
      const k = key as keyof ErrorLocation;
      if (this.where[k] === undefined && value !== undefined) (this.where as Record<string, unknown>)[k] = value;
    }
    return this;
  }

  /** The message with what was expected, what was found, and where. */
  describe(): string {
    const lines = [`[${this.code}] ${this.message}`];
    if (this.expected !== undefined) lines.push(`  expected: ${this.expected}`);
    if (this.found !== undefined) lines.push(`  found:    ${this.found}`);
    const where = describeLocation(this.where);
    if (where) lines.push(`  where:    ${where}`);
    return lines.join("\n");
  }
}

/**
 * Formats a location as `file manifest.yaml, at streams[0].retriever, stream users, page 3`.
 *
 * @example
 * describeLocation({ stream: "users", page: 3 }); // "stream users, page 3"
 */
export function describeLocation(where: ErrorLocation): string {
  const parts: string[] = [];
  if (where.file) parts.push(`file ${where.file}`);
  if (where.manifestPath) parts.push(`at ${where.manifestPath}`);
  if (where.component) parts.push(`component ${where.component}`);
  if (where.stream) parts.push(`stream ${where.stream}`);
  if (where.page !== undefined) parts.push(`page ${where.page}`);
  if (where.request) parts.push(`request ${where.request}`);
  return parts.join(", ");
}
