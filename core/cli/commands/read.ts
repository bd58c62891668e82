import { resolve } from "node:path";
import { ConfigError, SluiceError, type PageReport } from "../../../sdk/index.js";
import type { Connector } from "../../connector/connector.js";
import type { CliCommand, ParsedArgs } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { countNoun } from "../count-noun.js";
import { selectStreams, type SelectedStream } from "../configured-catalog.js";
import { ReadProgress } from "../read-progress.js";
import { loadStreamStates, streamStateMessage, type StreamStates } from "../read-state.js";

/**
 * `sluice read`: reads streams and prints RECORD, STATE, stream-status TRACE (STARTED, RUNNING,
 * COMPLETE, INCOMPLETE) and ESTIMATE messages. Streams and their slices are read concurrently
 * (`--concurrency N`, default the manifest's `concurrency_level`, else 2); records are written a page at
 * a time. A stream that fails is reported (TRACE error) and the others are still read; the exit code is
 * then 1. `--max-pages` reached ends a stream with a warning (exit 0). Ctrl-C stops the read: requests in
 * flight are aborted, what was read is written, and the exit code is 130. A reader of stdout that goes
 * away (`| head -3`) stops the read the same way, quietly, with exit code 0. In a terminal, a live
 * progress line runs on stderr.
 */
export const command: CliCommand = {
  name: "read",
  summary: "Read streams (RECORD, STATE and TRACE messages)",
  usage: "sluice read (--config C | --source NAME) [--catalog CAT] [--state STATE] [--stream NAME]... [--concurrency N] [--transport node-fetch|undici] [--manifest M]",
  options: {
    ...CONNECTOR_OPTIONS,
    catalog: { type: "string", value: "FILE", description: "the configured catalog: which streams, in which sync_mode (an empty list reads nothing)" },
    state: { type: "string", value: "FILE", description: "the saved state to resume incremental streams from" },
    stream: { type: "string", multiple: true, value: "NAME", description: "read this stream (instead of the catalog's or all)" },
    concurrency: { type: "string", value: "N", description: "slices read at once (default: the manifest's concurrency_level, else 2)" },
  },
  async run(args, io) {
    const session = new CliSession(args, io);
    const out = session.out;
    const started = performance.now();
    let connector: Connector;
    let selected: SelectedStream[];
    let states: StreamStates;
    let concurrency: number | undefined;
    try {
      concurrency = concurrencyFlag(args);
      connector = await session.connect();
      selected = await selectStreams(connector, {
        catalogFile: typeof args.values.catalog === "string" ? resolve(io.cwd, args.values.catalog) : undefined,
        names: args.values.stream as string[] | undefined,
        warn: (text) => session.notice("WARN", text),
      });
      states = typeof args.values.state === "string" ? await loadStreamStates(resolve(io.cwd, args.values.state), { redact: (text) => session.redact(text) }) : new Map();
    } catch (error) {
      await session.close();
      return session.fail(error);
    }
    // An incremental stream starts from its saved state; `sync_mode: full_refresh` starts it from none.
    const state = new Map(selected.map((s) => [s.name, s.syncMode === "incremental" ? states.get(s.name) : undefined]));
    const progress = io.stderr.isTTY && session.logFormat === "text" ? new ReadProgress(io.stderr, { streams: selected.length }) : undefined;
    const stderrLine = session.stderrLine;
    if (progress) session.stderrLine = (text) => progress.print(text);
    const counts = new Map<string, number>();
    const estimates = new Map<string, number>();
    const failed: string[] = [];
    let pages = 0;
    const onPage = (report: PageReport) => {
      pages++;
      progress?.page(report.stream, report.totalRecords);
      if (report.totalRecords === undefined) return;
      const estimate = (estimates.get(report.stream) ?? 0) + report.totalRecords;
      estimates.set(report.stream, estimate);
      out.estimate(report.stream, estimate);
    };
    try {
      const read = connector.readAll({ streams: selected.map((s) => s.name), concurrency, state, signal: io.signal, onPage });
      for await (const batch of read.pages()) {
        if (batch.type === "records") {
          out.records(batch.stream, batch.records);
          counts.set(batch.stream, (counts.get(batch.stream) ?? 0) + batch.records.length);
          progress?.records(batch.records.length);
          const full = out.flushIfFull();
          if (full) await full;
        } else if (batch.type === "state") {
          out.message(streamStateMessage(batch.stream, batch.state, batch.recordCount));
        } else if (batch.status === "INCOMPLETE" && stoppedByMaxPages(batch.error, session)) {
          // The user asked for at most N pages: a warning, COMPLETE, and no "whole stream read" state.
          session.notice("WARN", `stream '${batch.stream}': stopped after ${countNoun(session.userMaxPages!, "page")} as --max-pages asks; the rest of the stream was not read`);
          out.streamStatus(batch.stream, "COMPLETE");
          progress?.streamEnded(batch.stream);
          await out.flush();
        } else if (batch.status === "INCOMPLETE") {
          failed.push(batch.stream);
          out.streamStatus(batch.stream, "INCOMPLETE");
          progress?.streamEnded(batch.stream);
          await session.fail(batch.error instanceof SluiceError ? batch.error.locate({ stream: batch.stream }) : batch.error, out, batch.stream);
        } else {
          if (batch.status === "STARTED") progress?.streamStarted(batch.stream);
          if (batch.status === "COMPLETE" && connector.stream(batch.stream).cursorField === undefined) out.streamState(batch.stream, counts.get(batch.stream) ?? 0);
          out.streamStatus(batch.stream, batch.status);
          if (batch.status === "COMPLETE") {
            progress?.streamEnded(batch.stream);
            await out.flush();
          }
        }
      }
    } catch (error) {
      progress?.finish();
      // stdout's reader went away (`sluice read | head -3`): the read was stopped (requests aborted, none
      // started) and ends quietly with exit code 0, as the producer in `yes | head` does: the consumer
      // chose to stop, nothing failed, and a platform whose destination died learns it from the destination.
      if (io.stdoutClosed?.aborted) return 0;
      await out.flush();
      session.notice("ERROR", `${error instanceof Error ? error.message : String(error)}; the read was stopped`);
      await out.flush();
      return io.signal?.aborted ? 130 : 1;
    } finally {
      progress?.finish();
      session.stderrLine = stderrLine;
      await session.close();
    }
    const records = [...counts.values()].reduce((a, b) => a + b, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const count = selected.length;
    session.notice("INFO", `read ${countNoun(count, "stream")}, ${countNoun(records, "record")}, ${countNoun(pages, "page")} in ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
    await out.flush();
    return failed.length ? 1 : 0;
  },
};

/** Whether a stream ended at the page cap the user set with `--max-pages` (not the library's safety cap). */
function stoppedByMaxPages(error: unknown, session: CliSession): boolean {
  return error instanceof SluiceError && error.code === "PAGINATION_PAGE_CAP" && session.userMaxPages !== undefined;
}

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
