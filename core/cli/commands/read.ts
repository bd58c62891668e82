import { resolve } from "node:path";
import { SluiceError, type PageReport } from "../../../sdk/index.js";
import type { Connector } from "../../connector/connector.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { selectStreams, type SelectedStream } from "../configured-catalog.js";
import { ReadProgress } from "../read-progress.js";
import { loadStreamStates, streamStateMessage, type StreamStates } from "../read-state.js";

/** What one stream's read came to. */
interface StreamOutcome {
  records: number;
  pages: number;
  failed: boolean;
}

/**
 * `sluice read`: reads streams and prints RECORD, STATE, stream-status TRACE (STARTED, RUNNING,
 * COMPLETE, INCOMPLETE) and ESTIMATE messages. A stream that fails is reported (TRACE error) and the
 * others are still read; the exit code is then 1. In a terminal, a live progress line runs on stderr.
 */
export const command: CliCommand = {
  name: "read",
  summary: "Read streams (RECORD, STATE and TRACE messages)",
  usage: "sluice read --config C [--catalog CAT] [--state STATE] [--stream NAME]... [--manifest M]",
  options: {
    ...CONNECTOR_OPTIONS,
    catalog: { type: "string", value: "FILE", description: "the configured catalog: which streams, in which sync_mode (an empty list reads nothing)" },
    state: { type: "string", value: "FILE", description: "the saved state to resume incremental streams from" },
    stream: { type: "string", multiple: true, value: "NAME", description: "read this stream (instead of the catalog's or all)" },
  },
  async run(args, io) {
    const session = new CliSession(args, io);
    const started = performance.now();
    let connector: Connector;
    let selected: SelectedStream[];
    let states: StreamStates;
    try {
      connector = await session.connect();
      selected = await selectStreams(connector, {
        catalogFile: typeof args.values.catalog === "string" ? resolve(io.cwd, args.values.catalog) : undefined,
        names: args.values.stream as string[] | undefined,
        warn: (text) => session.notice("WARN", text),
      });
      states = typeof args.values.state === "string" ? await loadStreamStates(resolve(io.cwd, args.values.state)) : new Map();
    } catch (error) {
      return session.fail(error);
    }
    const progress = io.stderr.isTTY && session.logFormat === "text" ? new ReadProgress(io.stderr, { streams: selected.length }) : undefined;
    const writeStderr = session.writeStderr;
    if (progress) session.writeStderr = (text) => progress.print(text);
    const failed: string[] = [];
    let records = 0;
    let pages = 0;
    try {
      for (const stream of selected) {
        const outcome = await readStream(session, connector, stream, states, progress);
        records += outcome.records;
        pages += outcome.pages;
        if (outcome.failed) failed.push(stream.name);
      }
    } finally {
      progress?.finish();
      session.writeStderr = writeStderr;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const count = selected.length;
    session.notice("INFO", `read ${count} stream${count === 1 ? "" : "s"}, ${records} records, ${pages} pages in ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
    await session.out.flush();
    return failed.length ? 1 : 0;
  },
};

/**
 * Reads one stream: its status messages, records, states and estimate. `--max-pages` reached ends it
 * with a warning and COMPLETE (the user asked for it); any other failure with a TRACE error and INCOMPLETE.
 */
async function readStream(session: CliSession, connector: Connector, selected: SelectedStream, states: StreamStates, progress?: ReadProgress): Promise<StreamOutcome> {
  const { out } = session;
  const { name } = selected;
  const outcome: StreamOutcome = { records: 0, pages: 0, failed: false };
  out.streamStatus(name, "STARTED");
  progress?.streamStarted(name);
  // A stream with a cursor emits its state after every slice; `sync_mode: full_refresh` starts it from no state.
  const hasCursor = connector.stream(name).cursorField !== undefined;
  let sinceState = 0;
  let estimate = 0;
  const onPage = (report: PageReport) => {
    outcome.pages++;
    progress?.page(name, report.totalRecords);
    if (report.totalRecords === undefined) return;
    estimate += report.totalRecords;
    out.estimate(name, estimate);
  };
  const stateOptions = hasCursor
    ? {
        state: selected.syncMode === "incremental" ? states.get(name) : undefined,
        onState: (state: Record<string, unknown>) => {
          out.message(streamStateMessage(name, state, sinceState));
          sinceState = 0;
        },
      }
    : {};
  let complete = true;
  try {
    for await (const record of connector.read(name, { onPage, ...stateOptions })) {
      if (outcome.records === 0) out.streamStatus(name, "RUNNING");
      out.record(name, record);
      outcome.records++;
      sinceState++;
      progress?.records(1);
    }
  } catch (error) {
    if (!(error instanceof SluiceError && error.code === "PAGINATION_PAGE_CAP" && session.userMaxPages !== undefined)) {
      outcome.failed = true;
      out.streamStatus(name, "INCOMPLETE");
      await session.fail(error instanceof SluiceError ? error.locate({ stream: name }) : error, out, name);
      progress?.streamEnded(name);
      return outcome;
    }
    complete = false;
    session.notice("WARN", `stream '${name}': stopped after ${session.userMaxPages} page${session.userMaxPages === 1 ? "" : "s"} as --max-pages asks; the rest of the stream was not read`);
  }
  // The full-refresh "stream done" state only when the whole stream was read.
  if (!hasCursor && complete) out.streamState(name, outcome.records);
  out.streamStatus(name, "COMPLETE");
  progress?.streamEnded(name);
  await out.flush();
  return outcome;
}
