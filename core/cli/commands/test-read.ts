import { ConfigError } from "../../../sdk/index.js";
import { relative, resolve } from "node:path";
import type { CliCommand } from "../command.js";
import { recordFixture } from "../../fixtures/record-fixture.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { formatTestRead } from "../../test-read/format-test-read.js";
import { DEFAULT_TEST_READ_LIMITS, testRead, type TestReadLimits } from "../../test-read/test-read.js";
import { testReadSchema } from "../../schema/test-read-schema.js";
import { readStreamStates } from "../../protocol/stream-states.js";

/**
 * `sluice test-read --stream S`: reads a few pages of a stream and shows each request and response
 * (credentials redacted), the records, and each pagination decision; `--json` prints one JSON document
 * for tools; `--detect-schema` adds the JSON Schema inferred from the records (the kit's shape). Nothing is persisted: a rotated token stays in memory, and a warning says so.
 *
 * @example
 * sluice test-read --manifest manifest.yaml --config secrets/config.json --stream users --pages 2
 */
export const command: CliCommand = {
  usage: "sluice test-read --stream S [--stream S2] [--pages N] [--records N] [--slices N] [--state STATE] [--json] [--detect-schema [--date-time-formats]] [--record DIR] [--manifest M] [--config C]",
  options: {
    ...CONNECTOR_OPTIONS,
    stream: { type: "string", short: "s", multiple: true, value: "NAME", description: "the stream to test-read" },
    pages: { type: "string", value: "N", description: "read at most N pages per slice" },
    state: { type: "string", value: "FILE", description: "the saved state to start from (as `sluice read --state` takes it): the next incremental window" },
    records: { type: "string", value: "N", description: "show at most N records" },
    slices: { type: "string", value: "N", description: "read at most N slices (partitions, date windows)" },
    json: { type: "boolean", description: "print the whole test read as one JSON document" },
    "detect-schema": { type: "boolean", description: "also print the JSON Schema inferred from the records read (as the kit's schema inferrer writes it)" },
    "date-time-formats": { type: "boolean", description: "with --detect-schema: format date-time on a field whose every value is a date-time" },
    record: { type: "string", value: "DIR", description: "also save the read as a fixture in DIR (credentials as ****) for `sluice test --fixtures DIR`" },
  },
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const limits = readLimits(args.values);
      const { definition, config, configFile } = await session.load();
      const given = (args.values.stream as string[] | undefined) ?? [];
      const streams = given.length ? given : definition.streamNames.slice(0, 1);
      if (streams.length === 0) throw new ConfigError("MANIFEST_INVALID", "The manifest defines no stream to test-read", { where: { file: definition.source.file }, expected: "one or more streams", found: "none" });
      const stateFile = typeof args.values.state === "string" ? resolve(io.cwd, args.values.state) : undefined;
      const states = stateFile ? Object.fromEntries(await readStreamStates(stateFile, { redact: (text) => session.redact(text) })) : undefined;
      const input = { definition, config, configFile, streams, limits, states, signal: io.signal };
      const recordDir = typeof args.values.record === "string" ? resolve(io.cwd, args.values.record) : undefined;
      const recorded = recordDir ? await recordFixture(session.sluice, input, recordDir) : undefined;
      const document = recorded?.document ?? (await testRead(session.sluice, input));
      if (recorded) io.stderr.write(`sluice test-read: recorded ${relative(io.cwd, recorded.file)}; replay it with \`sluice test --fixtures ${relative(io.cwd, recordDir!) || "."}\`\n`);
      const failed = document.streams.some((s) => s.error !== undefined);
      if (args.values["detect-schema"]) {
        const options = { dateTimeFormats: args.values["date-time-formats"] === true };
        for (const stream of document.streams) stream.inferred_schema = testReadSchema(stream, options) ?? null;
      }
      if (args.values.json) io.stdout.write(`${session.redact(JSON.stringify(document, null, 2))}\n`);
      else io.stdout.write(session.redact(formatTestRead(document, { color: wantsColor(io) })));
      return failed ? 1 : 0;
    } catch (error) {
      return session.fail(error);
    }
  },
};

/** `--pages`, `--records`, `--slices`: positive integers; a wrong one is an error naming the flag. */
function readLimits(values: Record<string, unknown>): Partial<TestReadLimits> {
  const limits: Partial<TestReadLimits> = {};
  for (const name of ["pages", "records", "slices"] as const) {
    const raw = values[name];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) {
      throw new ConfigError("CLI_FLAG_INVALID", `--${name} must be a positive integer (default ${DEFAULT_TEST_READ_LIMITS[name]}), found '${String(raw)}'`, { expected: `--${name} 1, 2, ...`, found: String(raw) });
    }
    limits[name] = value;
  }
  return limits;
}

/** Colours in a terminal, unless NO_COLOR is set; FORCE_COLOR forces them. */
function wantsColor(io: { interactive: boolean; env: NodeJS.ProcessEnv }): boolean {
  if (io.env.NO_COLOR) return false;
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== "0") return true;
  return io.interactive;
}
