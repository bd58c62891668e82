import { Logger, MemoryConfigStore, ReadObserver, Secrets, SluiceError, type ConfigStore } from "../../sdk/index.js";
import { StreamLogger } from "../services/stream-logger.js";
import { readInterrupted } from "../scheduler/read-interrupted.js";
import type { ConnectorDefinition } from "../connector/connector-definition.js";
import type { ConnectInput, Sluice } from "../sluice.js";
import type { TestReadDocument, TestReadLog } from "./test-read-document.js";
import { TestReadRecorder } from "./test-read-recorder.js";

/**
 * How far a test read goes; the defaults are the product's test read: 5 pages per slice, 5 slices,
 * 100 records.
 *
 * @example
 * { pages: 2, slices: 1, records: 10 }
 */
export interface TestReadLimits {
  pages: number;
  slices: number;
  records: number;
  /** Characters of each response body kept in the document (default 65,536). */
  bodyChars: number;
}

/** The defaults of {@link TestReadLimits}. */
export const DEFAULT_TEST_READ_LIMITS: TestReadLimits = { pages: 5, slices: 5, records: 100, bodyChars: 65_536 };

/** What {@link testRead} reads: a connector (as {@link Sluice.connect} takes it), the streams, and the limits. */
export interface TestReadInput extends Omit<ConnectInput, "configStore"> {
  streams: readonly string[];
  /**
   * Where a credential the API rotates during the read is saved (`sluice builder` keeps its testing
   * values in `secrets/config.json`); the read uses its current config. Default: the config is kept in
   * memory only and the document warns that a rotated token was not saved.
   */
  configStore?: ConfigStore;
  limits?: Partial<TestReadLimits>;
  /** The state each stream starts from, by stream name (an incremental stream's next window); default none. */
  states?: Readonly<Record<string, Record<string, unknown>>>;
  /**
   * Keep the read's log messages (info and above, redacted) in the document's `logs`, as well as
   * writing them to the host's logger (the Builder shows them beside the pages). Default: false.
   */
  collectLogs?: boolean;
  /** A manifest already loaded with {@link Sluice.define} (else it is loaded from the input). */
  definition?: ConnectorDefinition;
  /**
   * Stops the test read (`sluice test-read` gets Ctrl-C or SIGTERM): the stream being read ends with
   * the `READ_INTERRUPTED` error, never as "the read ended", and the streams after it are not read.
   */
  signal?: AbortSignal;
}

/** A read that stopped on purpose: a limit was reached. */
class LimitReached extends Error {}

/**
 * Reads a little of each stream and records every request and page: the author's view of a read.
 * Nothing is persisted: the config lives in memory, and a token the API rotates during the read stays
 * there (a warning says so). A stream that fails keeps the pages read before the failure and names the
 * error; the next stream is still read.
 *
 * @example
 * const document = await testRead(createSluice(), { path: "manifest.yaml", config, streams: ["users"], limits: { pages: 2 } });
 * console.log(document.streams[0].slices[0].pages[0].request.url);
 */
export async function testRead(sluice: Sluice, input: TestReadInput): Promise<TestReadDocument> {
  const limits: TestReadLimits = { ...DEFAULT_TEST_READ_LIMITS, ...input.limits };
  const secrets = sluice.services.get(Secrets);
  const document: TestReadDocument = { streams: [], warnings: [] };
  const config = input.configStore ? input.configStore.current() : structuredClone(input.config ?? {});
  const configStore = input.configStore ?? new MemoryConfigStore(config, () => {
    const warning = `the API rotated a credential during the test read; the new value is kept in memory only and was not written to ${input.configFile ?? "the config"}${input.configFile ? " (a single-use refresh token there may now be spent: run `sluice check` or re-authenticate before the next read)" : ""}`;
    if (!document.warnings.includes(warning)) document.warnings.push(warning);
  });
  // One observer for the whole connector; it hands each stream's events to that stream's recorder.
  let recorder: TestReadRecorder | undefined;
  const observer: ReadObserver = {
    exchange: (x) => recorder?.exchange(x),
    page: (p) => recorder?.page(p),
    slice: (s) => recorder?.slice(s),
  };
  const { definition, collectLogs, ...manifest } = input;
  const services: Array<NonNullable<ConnectInput["services"]>[number]> = [...(input.services ?? []), [ReadObserver, observer]];
  if (collectLogs) services.push([Logger, collectingLogger(sluice.services.get(Logger), secrets, (document.logs = []))]);
  const connectInput: ConnectInput = { ...manifest, config, configStore, services };
  const connector = await sluice.connect(definition ? { ...connectInput, definition } : connectInput);
  for (const name of input.streams) connector.stream(name);
  for (const name of input.streams) {
    if (input.signal?.aborted) break;
    const controller = new AbortController();
    const onInterrupt = () => controller.abort(readInterrupted(name, input.signal?.reason));
    input.signal?.addEventListener("abort", onInterrupt, { once: true });
    const stop = (reason: string) => controller.abort(new LimitReached(reason));
    const current = new TestReadRecorder(name, secrets, limits, stop);
    recorder = current;
    let error: string | undefined;
    let errorPath: string | undefined;
    try {
      // One slice at a time: the recorder pairs each page with the requests before it.
      const read = { signal: controller.signal, pagesPerSlice: limits.pages, concurrency: 1, state: input.states?.[name], onState: (state: Record<string, unknown>) => current.state(state) };
      for await (const record of connector.read(name, read)) {
        current.record(record);
        if (current.recordCount >= limits.records) {
          stop(`the limit of ${limits.records} record${limits.records === 1 ? "" : "s"} was reached`);
          break;
        }
      }
    } catch (caught) {
      // Interrupted: the error is the interruption, whatever the aborted request threw.
      const cause = input.signal?.aborted ? controller.signal.reason : caught;
      if (!(controller.signal.reason instanceof LimitReached)) {
        error = secrets.redact(cause instanceof SluiceError ? cause.describe() : cause instanceof Error ? cause.message : String(cause));
        if (cause instanceof SluiceError) errorPath = cause.where.manifestPath;
      }
    } finally {
      input.signal?.removeEventListener("abort", onInterrupt);
    }
    // A stop between two pages ends the read without an error: it is still an interruption.
    if (input.signal?.aborted && error === undefined) error = secrets.redact(readInterrupted(name, input.signal.reason).describe());
    const reason = controller.signal.reason instanceof LimitReached ? controller.signal.reason.message : error ? `the read failed: ${error.split("\n")[0]}` : "the read ended";
    current.finish(reason);
    if (controller.signal.reason instanceof LimitReached) document.warnings.push(`${name}: ${reason}; the stream has more to read`);
    const result = current.result(error);
    if (errorPath) result.error_path = errorPath;
    document.streams.push(result);
  }
  recorder = undefined;
  return document;
}

/** Log entries a test read keeps, at most: a read that logs a line per record stays bounded. */
const MAX_LOGS = 500;

/** A logger that keeps each entry (redacted) in `into` and passes it on to the host's logger. */
function collectingLogger(host: Logger, secrets: Secrets, into: TestReadLog[]): Logger {
  return new StreamLogger(secrets, {
    level: "info",
    emit: (level, message) => {
      if (into.length < MAX_LOGS) into.push({ level, message });
      host[level](message);
    },
  });
}
