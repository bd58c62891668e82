import type { JsonSchema } from "./records.js";
import type { Stream } from "./stream.js";

/**
 * The connector's spec: what the end user's config must contain.
 *
 * @example
 * spec:
 *   type: Spec
 *   connection_specification: { type: object, required: [api_key], properties: { api_key: { type: string, airbyte_secret: true } } }
 */
export interface ConnectorSpec {
  connectionSpecification: JsonSchema;
  documentationUrl?: string;
  advancedAuth?: Record<string, unknown>;
}

/**
 * The result of a connection check.
 *
 * @example
 * { ok: false, message: "GET https://api.example.com/users answered 401" }
 */
export interface CheckResult {
  ok: boolean;
  message?: string;
}

/**
 * How `check` proves the config works (`CheckStream`: read one page of some streams).
 *
 * @example
 * check: { type: CheckStream, stream_names: [users] }
 */
export interface ConnectionCheck {
  check(streams: ReadonlyMap<string, Stream>, signal?: AbortSignal): Promise<CheckResult>;
}

/**
 * A built connector: its streams, spec and connection check (`DeclarativeSource`).
 *
 * @example
 * for (const stream of source.streams) console.log(stream.name);
 */
export interface Source {
  readonly streams: readonly Stream[];
  readonly spec?: ConnectorSpec;
  readonly check?: ConnectionCheck;
  /** The manifest's `concurrency_level`, evaluated and clamped: how many slices are read at once (undefined: the manifest is silent). */
  readonly concurrencyLevel?: number;
  /**
   * The manifest's `stream_groups` with `BlockSimultaneousSyncsAction`: stream name to group name. Two
   * streams of one group are never read at the same time (the later one waits until the earlier ended).
   */
  readonly streamGroups?: Readonly<Record<string, string>>;
}
