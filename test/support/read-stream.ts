/**
 * Reads through the real engine (`createSluice`): every record of one stream, and the error that ended
 * the read; `readPartitioned` also captures the warnings Sluice logs.
 */
import { createSluice, type SluiceOptions } from "../../core/index.js";
import { Logger } from "../../sdk/index.js";

/** Reads every record of a stream; returns the records delivered and the error that ended the read, if any. */
export async function readStream(
  manifest: Record<string, unknown>,
  options: { config?: Record<string, unknown>; stream?: string; sluice?: SluiceOptions } = {},
): Promise<{ records: Record<string, unknown>[]; error?: unknown }> {
  const sluice = createSluice({ logLevel: "error", ...options.sluice });
  const connector = await sluice.connect({ manifest, config: options.config ?? {} });
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of connector.read(options.stream ?? "items")) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records };
}

/** One logged line. */
export interface LoggedLine {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

/** Reads every record of `stream`; returns the records, the error that ended the read (if any) and the warnings logged. */
export async function readPartitioned(
  manifest: Record<string, unknown>,
  stream: string,
  config: Record<string, unknown> = {},
): Promise<{ records: Record<string, unknown>[]; error?: unknown; warnings: LoggedLine[] }> {
  const lines: LoggedLine[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Logger, { debug: () => undefined, info: () => undefined, warn: log("warn"), error: log("error") });
  const warnings = lines;
  const records: Record<string, unknown>[] = [];
  try {
    const connector = await sluice.connect({ manifest, config });
    for await (const record of connector.read(stream)) records.push(record);
  } catch (error) {
    return { records, error, warnings: warnings.filter((l) => l.level === "warn") };
  }
  return { records, warnings: warnings.filter((l) => l.level === "warn") };
}
