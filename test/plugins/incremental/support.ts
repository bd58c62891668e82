/**
 * Helpers for incremental sync tests: a one-stream manifest with an `incremental_sync`, and a read
 * through the real engine with a fake clock that captures the records, the states and the warnings.
 */
import { createSluice } from "../../../core/index.js";
import { Clock, Logger } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";

/** A source with one `DeclarativeStream` reading `path` on `urlBase` (records at `fieldPath`), incremental by `cursor`. */
export function incrementalManifest(options: {
  name?: string;
  urlBase: string;
  path: string;
  fieldPath?: string[];
  cursor: Record<string, unknown>;
  retriever?: Record<string, unknown>;
  requester?: Record<string, unknown>;
}): Record<string, unknown> {
  const name = options.name ?? "events";
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: [name] },
    streams: [
      {
        type: "DeclarativeStream",
        name,
        primary_key: "id",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        incremental_sync: { type: "DatetimeBasedCursor", ...options.cursor },
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: options.urlBase, path: options.path, http_method: "GET", ...options.requester },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: options.fieldPath ?? ["data"] } },
          ...options.retriever,
        },
      },
    ],
  };
}

/** What one incremental read produced. */
export interface IncrementalRead {
  records: Record<string, unknown>[];
  /** Every state handed to `onState`, in order. */
  states: Record<string, unknown>[];
  warnings: string[];
  error?: unknown;
}

/** Reads `stream` once, starting from `state`, with the clock at `now`. */
export async function readIncremental(
  manifest: Record<string, unknown>,
  options: { stream?: string; config?: Record<string, unknown>; state?: Record<string, unknown>; now: string; byPage?: boolean; clock?: FakeClock },
): Promise<IncrementalRead> {
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Clock, options.clock ?? new FakeClock(Date.parse(options.now)));
  const warnings: string[] = [];
  sluice.register(Logger, { debug: () => undefined, info: () => undefined, warn: (m: string) => void warnings.push(m), error: () => undefined });
  const result: IncrementalRead = { records: [], states: [], warnings };
  try {
    const connector = await sluice.connect({ manifest, config: options.config ?? {} });
    const read = connector.read(options.stream ?? "events", { state: options.state, onState: (s) => void result.states.push(s) });
    if (options.byPage) for await (const page of read.pages()) result.records.push(...page);
    else for await (const record of read) result.records.push(record);
  } catch (error) {
    result.error = error;
  }
  return result;
}
