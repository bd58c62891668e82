import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { ConfigError, SluiceError } from "../../../sdk/index.js";
import type { Connector } from "../../connector/connector.js";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { ProtocolWriter } from "../protocol-writer.js";
import { loadStreamStates, streamStateMessage, type StreamStates } from "../read-state.js";

/**
 * `sluice read`: reads streams and prints RECORD, STATE and stream-status TRACE messages. A stream
 * that fails is reported (TRACE error) and the others are still read; the exit code is then 1.
 */
export const command: CliCommand = {
  name: "read",
  summary: "Read streams (RECORD, STATE and TRACE messages)",
  usage: "sluice read (--config C | --source NAME) [--catalog CAT] [--state STATE] [--stream NAME]... [--manifest M]",
  options: { ...CONNECTOR_OPTIONS, catalog: { type: "string" }, state: { type: "string" }, stream: { type: "string", multiple: true } },
  async run(args, io) {
    const session = new CliSession(args, io);
    const out = new ProtocolWriter(io, (t) => session.redact(t));
    const started = performance.now();
    let connector: Connector;
    let names: string[];
    let states: StreamStates;
    let fullRefresh: Set<string>;
    try {
      connector = await session.connect(out);
      names = await selectedStreams(args, io, connector);
      states = typeof args.values.state === "string" ? await loadStreamStates(resolve(io.cwd, args.values.state)) : new Map();
      fullRefresh = typeof args.values.catalog === "string" ? await fullRefreshStreams(resolve(io.cwd, args.values.catalog)) : new Set();
    } catch (error) {
      await session.close();
      return session.fail(error, out);
    }
    const failed: string[] = [];
    let records = 0;
    let pages = 0;
    for (const name of names) {
      out.streamStatus(name, "STARTED");
      let count = 0;
      // An incremental stream emits its cursor state after every slice; `sync_mode: full_refresh` starts it from no state.
      const incremental = connector.stream(name).cursorField !== undefined;
      let sinceState = 0;
      const stateOptions = incremental
        ? { state: fullRefresh.has(name) ? undefined : states.get(name), onState: (state: Record<string, unknown>) => { out.message(streamStateMessage(name, state, sinceState)); sinceState = 0; } }
        : {};
      try {
        for await (const record of connector.read(name, { onPage: () => void pages++, ...stateOptions })) {
          if (count === 0) out.streamStatus(name, "RUNNING");
          out.record(name, record);
          count++;
          sinceState++;
        }
        if (!incremental) out.streamState(name, count);
        out.streamStatus(name, "COMPLETE");
      } catch (error) {
        failed.push(name);
        out.streamStatus(name, "INCOMPLETE");
        await session.fail(error instanceof SluiceError ? error.locate({ stream: name }) : error, out);
      }
      records += count;
      await out.flush();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    await session.close();
    io.stderr.write(`sluice: read ${names.length} stream${names.length === 1 ? "" : "s"}, ${records} records, ${pages} pages in ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}\n`);
    await out.flush();
    return failed.length ? 1 : 0;
  },
};

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
