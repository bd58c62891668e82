/**
 * A `sluice read` stopped by SIGTERM while a Python component is running (issue 35): the extractor of
 * the stream's last page sleeps 30 s. The signal is handled at once, not once the call returns: the
 * records already read are written, the stream ends INCOMPLETE with READ_INTERRUPTED, `sluice` exits
 * 143 and the Python child (still in the abandoned call) is gone with it. Before the engine awaited
 * Python calls (they blocked the thread), the read went on after the 30 s and ended COMPLETE with exit 0.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PAGES, PER_PAGE, type HoldingApi } from "../../support/holding-api.js";
import { interruptedOutcome, signalledPythonConnector, startSluiceRead } from "../../support/python-reads.js";
import type { TempConnector } from "../../core/loader/temp-connector.js";
import { bridgeChildOf, eventually, running } from "./python-processes.js";

const COMPONENTS = `
import pathlib
import time

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class SlowLastPage(RecordExtractor):
    def extract_records(self, response):
        body = response.json()
        if body["next"] is None:
            pathlib.Path("sleeping").write_text("yes")
            time.sleep(30)
        return body["data"]
`;

describe("sluice read stopped by SIGTERM while a Python call runs", () => {
  let api: HoldingApi;
  let dir: TempConnector;
  before(async () => ({ api, dir } = await signalledPythonConnector(COMPONENTS, "SlowLastPage")));
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("SIGTERM during the last page's 30 s extract_records ends the read interrupted (exit 143), not COMPLETE", { timeout: 25_000 }, async () => {
    api.reset("none");
    const read = startSluiceRead(dir.dir);
    assert.ok(await eventually(async () => existsSync(join(dir.dir, "sleeping"))), `the last page's extract_records never started: ${read.stderr()}`);
    const python = await bridgeChildOf(read.pid);
    assert.ok(python, "the read started no python3 -m sluice_bridge child");
    read.kill("SIGTERM");
    assert.equal(await read.exited, 143, read.stderr());
    assert.ok(await eventually(async () => !(await running(python))), `the Python child ${python} still runs after sluice exited`);

    const outcome = interruptedOutcome(read.stdout());
    assert.equal(outcome.statuses.at(-1), "INCOMPLETE", outcome.statuses.join(", "));
    assert.ok(!outcome.statuses.includes("COMPLETE"));
    assert.match(outcome.errorMessage, /READ_INTERRUPTED.*interrupted by SIGTERM/s);
    assert.equal(outcome.records.length, (PAGES - 1) * PER_PAGE, "the pages read before the signal were written, the last one was not");
    assert.ok(!outcome.wroteState, "a STATE claimed work that was not finished");
  });
});
