import { resolve, relative } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS } from "../cli-session.js";
import { countNoun } from "../../../pure/count-noun.js";
import { replayFixtures } from "../../fixtures/replay-fixtures.js";

/**
 * `sluice test --fixtures DIR`: replays the test reads recorded with `sluice test-read --record DIR`, with
 * no network, and checks that every stream still gives the recorded records: a connector's regression test.
 * Exit code 0 when every fixture passes, 1 otherwise.
 *
 * @example
 * sluice test-read --config secrets/config.json --stream users --record fixtures   # once, against the API
 * sluice test --fixtures fixtures                                                  # in CI, offline
 */
export const command: CliCommand = {
  usage: "sluice test --fixtures DIR [--manifest M]",
  options: {
    fixtures: { type: "string", value: "DIR", description: "the folder of fixtures `sluice test-read --record DIR` wrote (default fixtures)" },
    manifest: CONNECTOR_OPTIONS.manifest,
    "no-custom-code": CONNECTOR_OPTIONS["no-custom-code"],
  },
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const dir = resolve(io.cwd, typeof args.values.fixtures === "string" ? args.values.fixtures : "fixtures");
      const definition = await session.define();
      const results = await replayFixtures(session.sluice, definition, dir);
      for (const result of results) {
        for (const stream of result.streams) {
          const line = stream.ok ? `ok    ${relative(io.cwd, result.file)} ${stream.name}: ${countNoun(stream.actual, "record")} as recorded` : `FAIL  ${relative(io.cwd, result.file)} ${stream.name}: ${stream.difference}`;
          io.stdout.write(`${session.redact(line)}\n`);
        }
      }
      const passed = results.filter((r) => r.ok).length;
      io.stdout.write(`${passed} of ${countNoun(results.length, "fixture")} passed\n`);
      return passed === results.length ? 0 : 1;
    } catch (error) {
      io.stderr.write(`sluice test: ${session.redact(error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error))}\n`);
      return 1;
    }
  },
};
