import { SluiceError, type CheckResult, type ConnectorConfig, type DataRecord, type ReadOptions, type Source, type Stream } from "../../sdk/index.js";
import { nearestMatch } from "../manifest/nearest-match.js";
import { abortableRecords } from "./abortable-records.js";
import type { ConnectorDefinition } from "./connector-definition.js";

/**
 * A connector built for one config: list its streams, check the config, read a stream.
 *
 * @example
 * const connector = await sluice.connect({ path: "manifest.yaml", config });
 * console.log(connector.streamNames);
 * for await (const record of connector.read("users")) console.log(record);
 */
export class Connector {
  private readonly byName: ReadonlyMap<string, Stream>;

  constructor(
    readonly definition: ConnectorDefinition,
    private readonly source: Source,
    readonly config: ConnectorConfig,
  ) {
    this.byName = new Map(source.streams.map((s) => [s.name, s]));
  }

  get streamNames(): string[] {
    return [...this.byName.keys()];
  }

  get streams(): readonly Stream[] {
    return this.source.streams;
  }

  /** The stream called `name`; an unknown name lists the streams and the nearest match. */
  stream(name: string): Stream {
    const stream = this.byName.get(name);
    if (stream) return stream;
    const near = nearestMatch(name, this.streamNames);
    throw new SluiceError("STREAM_NOT_FOUND", `The connector has no stream '${name}'${near ? ` (did you mean ${near}?)` : ""}`, {
      failureType: "config_error",
      where: { file: this.definition.source.file },
      expected: `one of: ${this.streamNames.join(", ")}`,
      found: name,
    });
  }

  /** Checks the config as the manifest's `check` says (by default, reads the first page of the first stream). */
  async check(signal?: AbortSignal): Promise<CheckResult> {
    if (this.source.check) return this.source.check.check(this.byName, signal);
    const first = this.source.streams[0];
    if (!first) return { ok: false, message: "The connector defines no stream" };
    try {
      for await (const _record of this.read(first.name, { signal })) break;
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof SluiceError ? error.describe() : String(error) };
    }
  }

  /**
   * The records of one stream, as they are read. Stopping early (`break`, or `return()` on the
   * iterator) aborts the request in flight.
   */
  read(name: string, options: ReadOptions = {}): AsyncIterable<DataRecord> & AsyncIterator<DataRecord> {
    const stream = this.stream(name);
    return abortableRecords((signal) => stream.read({ ...options, signal }), options.signal);
  }
}
