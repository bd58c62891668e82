/**
 * Helpers for partition router tests: manifest pieces, and a read through the real engine that
 * captures the warnings Sluice logs.
 */
import { createSluice } from "../../core/index.js";
import { Logger } from "../../sdk/index.js";

/** A `DeclarativeStream` definition reading `path` on `urlBase`, records at `fieldPath`. */
export function streamDef(options: {
  name: string;
  urlBase: string;
  path: string;
  fieldPath?: string[];
  paginator?: Record<string, unknown>;
  partitionRouter?: unknown;
  requester?: Record<string, unknown>;
  retriever?: Record<string, unknown>;
  transformations?: unknown[];
}): Record<string, unknown> {
  return {
    type: "DeclarativeStream",
    name: options.name,
    primary_key: "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    ...(options.transformations ? { transformations: options.transformations } : {}),
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: options.urlBase, path: options.path, http_method: "GET", ...options.requester },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: options.fieldPath ?? [] } },
      ...(options.paginator ? { paginator: options.paginator } : {}),
      ...(options.partitionRouter ? { partition_router: options.partitionRouter } : {}),
      ...options.retriever,
    },
  };
}

/** A source whose streams are `streams` (and whose `definitions` are `definitions`). */
export function sourceDef(streams: Record<string, unknown>[], definitions: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    definitions,
    check: { type: "CheckStream", stream_names: [String(streams[0]!.name)] },
    streams,
  };
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
