/**
 * A `sluice read` stopped by SIGTERM while a Python component is running (issue 35): the extractor of
 * the stream's last page sleeps 30 s. The signal is handled at once, not once the call returns: the
 * records already read are written, the stream ends INCOMPLETE with READ_INTERRUPTED, `sluice` exits
 * 143 and the Python child (killed mid-call) is gone. Before the engine awaited Python calls (they blocked the thread),
 * the read went on after the 30 s and ended COMPLETE with exit 0.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { HoldingApi, PAGES, PER_PAGE } from "../../support/holding-api.js";
import { nextPagePaginator } from "../../support/latency-api.js";
import { streamDef } from "../../support/manifest-builder.js";
import { assertProtocolOutput } from "../../support/protocol-schema.js";
import { BIN } from "../../support/run-sluice.js";
import { pythonConnector } from "./python-connector.js";
import { bridgeChildOf, eventually, running } from "./python-processes.js";

type Message = Record<string, any>;

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
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    api = await new HoldingApi().listen();
    const stream = streamDef({ urlBase: api.url, name: "first", path: "/first", fieldPath: ["data"], paginator: nextPagePaginator() }) as Record<string, any>;
    stream.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.SlowLastPage" };
    const manifest = { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["first"] }, streams: [stream] };
    dir = await pythonConnector(COMPONENTS, { "manifest.json": JSON.stringify(manifest), "config.json": "{}" });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("SIGTERM during the last page's 30 s extract_records ends the read interrupted (exit 143), not COMPLETE", { timeout: 25_000 }, async () => {
    api.reset("none");
    const child = spawn(process.execPath, [BIN, "read", "--manifest", "manifest.json", "--config", "config.json"], { cwd: dir.dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    for (let i = 0; i < 1500 && !existsSync(join(dir.dir, "sleeping")); i++) await sleep(10);
    assert.ok(existsSync(join(dir.dir, "sleeping")), `the last page's extract_records never started: ${stderr}`);
    const python = await bridgeChildOf(child.pid!);
    assert.ok(python, "the read started no python3 -m sluice_bridge child");
    child.kill("SIGTERM");
    assert.equal(await exited, 143, stderr);
    assert.ok(await eventually(async () => !(await running(python))), `the Python child ${python} still runs after sluice exited`);

    const messages = assertProtocolOutput(stdout) as Message[];
    const statuses = messages.filter((m) => m.type === "TRACE" && m.trace.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status);
    assert.equal(statuses.at(-1), "INCOMPLETE", statuses.join(", "));
    assert.ok(!statuses.includes("COMPLETE"));
    const trace = messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR");
    assert.match(trace?.trace.error.message ?? "", /READ_INTERRUPTED.*interrupted by SIGTERM/s);
    const records = messages.filter((m) => m.type === "RECORD");
    assert.equal(records.length, (PAGES - 1) * PER_PAGE, "the pages read before the signal were written, the last one was not");
    assert.ok(!messages.some((m) => m.type === "STATE"), "a STATE claimed work that was not finished");
  });
});
