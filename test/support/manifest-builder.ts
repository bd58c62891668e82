/**
 * Helpers for partition router tests: manifest pieces, and a read through the real engine that
 * captures the warnings Sluice logs.
 */
import { createSluice } from "../../core/index.js";
import { Logger } from "../../sdk/index.js";

/** What a test stream may vary; everything else is a GET of `urlBase` + `path` with records at `fieldPath`. */
export interface StreamOptions {
  urlBase: string;
  name?: string;
  path?: string;
  fieldPath?: string[];
  primaryKey?: unknown;
  paginator?: Record<string, unknown>;
  partitionRouter?: unknown;
  incrementalSync?: Record<string, unknown>;
  transformations?: unknown[];
  /** Merged over the requester (`authenticator`, `request_parameters`, `error_handler`...). */
  requester?: Record<string, unknown>;
  /** Merged over the retriever. */
  retriever?: Record<string, unknown>;
  /** Merged over the stream. */
  stream?: Record<string, unknown>;
}

/** A `DeclarativeStream` definition reading `path` on `urlBase`, records at `fieldPath`. */
export function streamDef(options: StreamOptions & { name: string; path: string }): Record<string, unknown> {
  return {
    type: "DeclarativeStream",
    name: options.name,
    primary_key: options.primaryKey ?? "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    ...(options.transformations ? { transformations: options.transformations } : {}),
    ...(options.incrementalSync ? { incremental_sync: options.incrementalSync } : {}),
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: options.urlBase, path: options.path, http_method: "GET", ...options.requester },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: options.fieldPath ?? [] } },
      ...(options.paginator ? { paginator: options.paginator } : {}),
      ...(options.partitionRouter ? { partition_router: options.partitionRouter } : {}),
      ...options.retriever,
    },
    ...options.stream,
  };
}

/** A source whose streams are `streams` (and whose `definitions` are `definitions`). */
export function sourceDef(streams: Record<string, unknown>[], definitions: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    definitions,
    check: { type: "CheckStream", stream_names: [String(streams[0]!.name)] },
    streams,
    ...extra,
  };
}

/**
 * The one-stream source most tests read: stream `items`, `GET {urlBase}/items`, records at `data`
 * (each overridable), plus source-level fields in `source` (a `spec`, `definitions`...).
 *
 * @example
 * readStream(oneStreamManifest({ urlBase: api.url, requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config.token }}" } } }));
 */
export function oneStreamManifest(options: StreamOptions & { source?: Record<string, unknown> }): Record<string, unknown> {
  const stream = streamDef({ ...options, name: options.name ?? "items", path: options.path ?? "/items", fieldPath: options.fieldPath ?? ["data"] });
  return sourceDef([stream], {}, options.source);
}

