import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { ConfigError, SluiceError } from "../../../sdk/index.js";
import type { Connector } from "../../connector/connector.js";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { ProtocolWriter } from "../protocol-writer.js";
import { loadStreamStates, streamStateMessage, type StreamStates } from "../read-state.js";

/**
 * `sluice read`: reads streams and prints RECORD, STATE and stream-status TRACE messages. Streams and
 * their slices are read concurrently (`--concurrency N`, default the manifest's `concurrency_level`,
 * else 2); records are written a page at a time. A stream that fails is reported (TRACE error) and
 * the others are still read; the exit code is then 1. Ctrl-C stops the read: requests in flight are
 * aborted, what was read is written, and the exit code is 130.
 */
export const command: CliCommand = {
  name: "read",
  summary: "Read streams (RECORD, STATE and TRACE messages)",
  usage: "sluice read (--config C | --source NAME) [--catalog CAT] [--state STATE] [--stream NAME]... [--concurrency N] [--transport node-fetch|undici] [--manifest M]",
  options: { ...CONNECTOR_OPTIONS, catalog: { type: "string" }, state: { type: "string" }, stream: { type: "string", multiple: true }, concurrency: { type: "string" } },
  async run(args, io) {
    const session = new CliSession(args, io);
    const out = new ProtocolWriter(io, (t) => session.redact(t));
    const started = performance.now();
    let connector: Connector;
    let names: string[];
    let states: StreamStates;
    let fullRefresh: Set<string>;
    let concurrency: number | undefined;
    try {
      concurrency = concurrencyFlag(args);
      connector = await session.connect(out);
      names = await selectedStreams(args, io, connector);
      states = typeof args.values.state === "string" ? await loadStreamStates(resolve(io.cwd, args.values.state)) : new Map();
      fullRefresh = typeof args.values.catalog === "string" ? await fullRefreshStreams(resolve(io.cwd, args.values.catalog)) : new Set();
    } catch (error) {
      await session.close();
      return session.fail(error, out);
    }
    // An incremental stream emits its cursor state as its slices finish; `sync_mode: full_refresh` starts it from no state.
    const state = new Map(names.filter((name) => !fullRefresh.has(name)).map((name) => [name, states.get(name)]));
    const counts = new Map<string, number>();
    const failed: string[] = [];
    let pages = 0;
    try {
      for await (const batch of connector.readAll({ streams: names, concurrency, state, signal: io.signal, onPage: () => void pages++ }).pages()) {
        if (batch.type === "records") {
          out.records(batch.stream, batch.records);
          counts.set(batch.stream, (counts.get(batch.stream) ?? 0) + batch.records.length);
          const full = out.flushIfFull();
          if (full) await full;
        } else if (batch.type === "state") {
          out.message(streamStateMessage(batch.stream, batch.state, batch.recordCount));
        } else if (batch.status === "INCOMPLETE") {
          failed.push(batch.stream);
          out.streamStatus(batch.stream, "INCOMPLETE");
          await session.fail(batch.error instanceof SluiceError ? batch.error.locate({ stream: batch.stream }) : batch.error, out);
        } else {
          if (batch.status === "COMPLETE" && connector.stream(batch.stream).cursorField === undefined) out.streamState(batch.stream, counts.get(batch.stream) ?? 0);
          out.streamStatus(batch.stream, batch.status);
          if (batch.status === "COMPLETE") await out.flush();
        }
      }
    } catch (error) {
      await session.close();
      await out.flush();
      io.stderr.write(`sluice: ${session.redact(error instanceof Error ? error.message : String(error))}; the read was stopped\n`);
      return io.signal?.aborted ? 130 : 1;
    }
    const records = [...counts.values()].reduce((a, b) => a + b, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    await session.close();
    io.stderr.write(`sluice: read ${names.length} stream${names.length === 1 ? "" : "s"}, ${records} records, ${pages} pages in ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}\n`);
    await out.flush();
    return failed.length ? 1 : 0;
  },
};

/** `--concurrency N`: a whole number of at least 1 (undefined when not given). */
function concurrencyFlag(args: ParsedArgs): number | undefined {
  const raw = args.values.concurrency;
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError("CONCURRENCY_INVALID", "--concurrency must be a whole number of at least 1", { expected: "--concurrency 1, 2, ... (slices read at once)", found: String(raw) });
  }
  return value;
}

/** The streams to read: `--stream` flags, else the configured catalog's streams, else every stream. */
async function selectedStreams(args: ParsedArgs, io: CliIO, connector: Connector): Promise<string[]> {
  const flags = (args.values.stream as string[] | undefined) ?? [];
  let names = flags;
  if (names.length === 0 && typeof args.values.catalog === "string") names = await catalogStreams(resolve(io.cwd, args.values.catalog));
  if (names.length === 0) names = connector.streamNames;
  for (const name of names) connector.stream(name);
  return names;
}

async function catalogStreams(file: string): Promise<string[]> {
  let catalog: { streams?: Array<{ stream?: { name?: string } }> };
  try {
    catalog = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ConfigError("CATALOG_INVALID", "The configured catalog could not be read as JSON", { where: { file }, cause: error });
  }
  if (!Array.isArray(catalog.streams)) {
    throw new ConfigError("CATALOG_INVALID", "The configured catalog has no streams list", { where: { file }, expected: '{ "streams": [{ "stream": { "name": ... } }] }' });
  }
  return catalog.streams.map((entry, i) => {
    if (typeof entry?.stream?.name !== "string") throw new ConfigError("CATALOG_INVALID", `Catalog entry ${i} has no stream.name`, { where: { file } });
    return entry.stream.name;
  });
}

/** The streams the configured catalog reads with `sync_mode: full_refresh` (they ignore the saved state). */
async function fullRefreshStreams(file: string): Promise<Set<string>> {
  const catalog = JSON.parse(await readFile(file, "utf8")) as { streams: Array<{ stream?: { name?: string }; sync_mode?: string }> };
  return new Set(catalog.streams.filter((entry) => entry?.sync_mode === "full_refresh").map((entry) => String(entry?.stream?.name)));
}
