/**
 * A `sluice read` whose extractor is a Python class, stopped by SIGINT or SIGTERM in the middle of a
 * stream: the stream ends INCOMPLETE (interrupted) and the Python child the read started is gone once
 * `sluice` has exited (no python3 process is left behind). A real `sluice` process against a loopback
 * API that never answers the page the test chose, so the signal always lands mid-read.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PER_PAGE, type HoldingApi } from "../../support/holding-api.js";
import { interruptedOutcome, signalledPythonConnector, startSluiceRead } from "../../support/python-reads.js";
import type { TempConnector } from "../../core/loader/temp-connector.js";
import { bridgeChildOf, eventually, running } from "./python-processes.js";

const COMPONENTS = `
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class Rows(RecordExtractor):
    def extract_records(self, response):
        return [dict(row, seen_by="python") for row in response.json()["data"]]
`;

describe("sluice read with a Python component, stopped by a signal", () => {
  let api: HoldingApi;
  let dir: TempConnector;
  before(async () => ({ api, dir } = await signalledPythonConnector(COMPONENTS, "Rows")));
  after(async () => {
    await api.close();
    await dir.remove();
  });

  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} mid-read: the stream ends INCOMPLETE, exit ${code}, and no python3 child is left`, async () => {
      api.reset("first:4");
      const read = startSluiceRead(dir.dir);
      await api.until("first:4");
      const python = await bridgeChildOf(read.pid);
      assert.ok(python, "the read started no python3 -m sluice_bridge child");
      read.kill(signal);
      assert.equal(await read.exited, code, read.stderr());
      assert.ok(await eventually(async () => !(await running(python))), `the Python child ${python} still runs after sluice exited`);

      const outcome = interruptedOutcome(read.stdout());
      assert.equal(outcome.statuses.at(-1), "INCOMPLETE", outcome.statuses.join(", "));
      assert.ok(!outcome.statuses.includes("COMPLETE"));
      assert.match(outcome.errorMessage, new RegExp(`READ_INTERRUPTED.*interrupted by ${signal}`, "s"));
      assert.equal(outcome.records.length, 3 * PER_PAGE, "the three pages read before the signal were written");
      assert.ok(outcome.records.every((m) => m.record.data.seen_by === "python"), "the records did not go through the Python extractor");
      assert.ok(!outcome.wroteState, "a STATE claimed work that was not finished");
    });
  }
});
