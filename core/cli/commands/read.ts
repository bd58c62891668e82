import { resolve } from "node:path";
import { ConfigError, type PageReport } from "../../../sdk/index.js";
import { monotonicMs } from "../../../sdk/services/clock.js";
import { airbyteRead, type AirbyteRead } from "../../protocol/airbyte-read.js";
import { readConfiguredCatalog } from "../../protocol/configured-catalog.js";
import { errorTextOf, logOf, streamStatusOf } from "../../protocol/messages.js";
import { readStreamStates } from "../../protocol/stream-states.js";
import type { CliCommand, ParsedArgs } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { countNoun } from "../../../pure/count-noun.js";
import { ReadProgress } from "../read-progress.js";

/**
 * `sluice read`: `airbyteRead` (core/protocol/) and a writer. Reads streams and prints RECORD, STATE,
 * stream-status TRACE (STARTED, RUNNING, COMPLETE, INCOMPLETE) and ESTIMATE messages. Streams and their
 * slices are read concurrently (`--concurrency N`, default the manifest's `concurrency_level`, else 2);
 * records are written a page at a time. A stream that fails is reported (TRACE error) and the others are
 * still read; the exit code is then 1. `--max-pages` reached ends a stream with a warning (exit 0).
 * Ctrl-C (SIGINT) or SIGTERM stops the read: requests in flight are aborted, what was read is written,
 * each unfinished stream ends INCOMPLETE (interrupted), and the exit code is 130 (143 after SIGTERM;
 * runProcess sets it). A reader of stdout that goes away (`| head -3`) stops the read the same way, quietly, with exit
 * code 0. In a terminal, a live progress line runs on stderr.
 */
export const command: CliCommand = {
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
    const started = monotonicMs();
    const file = (flag: string) => (typeof args.values[flag] === "string" ? resolve(io.cwd, args.values[flag] as string) : undefined);
    let progress: ReadProgress | undefined;
    let read: AirbyteRead;
    try {
      const concurrency = concurrencyFlag(args);
      const connector = await session.connect();
      const catalogFile = file("catalog");
      const stateFile = file("state");
      const onPage = (report: PageReport) => progress?.page(report.stream, report.totalRecords);
      read = await airbyteRead(connector, {
        catalog: catalogFile === undefined ? undefined : await readConfiguredCatalog(catalogFile),
        streams: args.values.stream as string[] | undefined,
        state: stateFile === undefined ? undefined : await readStreamStates(stateFile, { redact: (text) => session.redact(text) }),
        maxPages: session.userMaxPages,
        concurrency,
        signal: io.signal,
        onPage,
      });
    } catch (error) {
      await session.close();
      return session.fail(error);
    }
    progress = io.stderr.isTTY && session.logFormat === "text" ? new ReadProgress(io.stderr, { streams: read.summary().streams }) : undefined;
    const stderrLine = session.stderrLine;
    if (progress) session.stderrLine = (text) => progress!.print(text);
    try {
      for await (const batch of read.pages()) {
        if (batch.type === "RECORDS") {
          out.records(batch.stream as string, batch.records as Record<string, unknown>[]);
          progress?.records((batch.records as unknown[]).length);
          const full = out.flushIfFull();
          if (full) await full;
        } else if (logOf(batch)) {
          const log = logOf(batch)!;
          session.notice(log.level === "DEBUG" ? "INFO" : log.level, log.message);
        } else {
          out.message(batch);
          const error = errorTextOf(batch);
          if (error !== undefined) session.notice("ERROR", error);
          const ended = streamStatusOf(batch);
          if (ended?.status === "STARTED") progress?.streamStarted(ended.stream);
          if (ended?.status === "COMPLETE" || ended?.status === "INCOMPLETE" || error !== undefined) {
            if (ended) progress?.streamEnded(ended.stream);
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
    const { streams: count, records, pages, failed } = read.summary();
    const seconds = ((monotonicMs() - started) / 1000).toFixed(2);
    session.notice("INFO", `read ${countNoun(count, "stream")}, ${countNoun(records, "record")}, ${countNoun(pages, "page")} in ${seconds} s${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
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
