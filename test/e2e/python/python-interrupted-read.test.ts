/**
 * A `sluice read` whose extractor is a Python class, stopped by SIGINT or SIGTERM in the middle of a
 * stream: the stream ends INCOMPLETE (interrupted) and the Python child the read started is gone once
 * `sluice` has exited (no python3 process is left behind). A real `sluice` process against a loopback
 * API that never answers the page the test chose, so the signal always lands mid-read.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { HoldingApi, PER_PAGE } from "../../support/holding-api.js";
import { nextPagePaginator } from "../../support/latency-api.js";
import { streamDef } from "../../support/manifest-builder.js";
import { assertProtocolOutput } from "../../support/protocol-schema.js";
import { BIN } from "../../support/run-sluice.js";
import { pythonConnector } from "./python-connector.js";
import { bridgeChildOf, eventually, running } from "./python-processes.js";

type Message = Record<string, any>;

const COMPONENTS = `
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class Rows(RecordExtractor):
    def extract_records(self, response):
        return [dict(row, seen_by="python") for row in response.json()["data"]]
`;

describe("sluice read with a Python component, stopped by a signal", () => {
  let api: HoldingApi;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    api = await new HoldingApi().listen();
    const stream = streamDef({ urlBase: api.url, name: "first", path: "/first", fieldPath: ["data"], paginator: nextPagePaginator() }) as Record<string, any>;
    stream.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.Rows" };
    const manifest = { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["first"] }, streams: [stream] };
    dir = await pythonConnector(COMPONENTS, { "manifest.json": JSON.stringify(manifest), "config.json": "{}" });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    it(`${signal} mid-read: the stream ends INCOMPLETE, exit ${code}, and no python3 child is left`, async () => {
      api.reset("first:4");
      const child = spawn(process.execPath, [BIN, "read", "--manifest", "manifest.json", "--config", "config.json"], { cwd: dir.dir, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
      await api.until("first:4");
      const python = await bridgeChildOf(child.pid!);
      assert.ok(python, "the read started no python3 -m sluice_bridge child");
      child.kill(signal);
      assert.equal(await exited, code, stderr);
      assert.ok(await eventually(async () => !(await running(python))), `the Python child ${python} still runs after sluice exited`);

      const messages = assertProtocolOutput(stdout) as Message[];
      const statuses = messages.filter((m) => m.type === "TRACE" && m.trace.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status);
      assert.equal(statuses.at(-1), "INCOMPLETE", statuses.join(", "));
      assert.ok(!statuses.includes("COMPLETE"));
      const trace = messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR");
      assert.match(trace?.trace.error.message ?? "", new RegExp(`READ_INTERRUPTED.*interrupted by ${signal}`, "s"));
      const records = messages.filter((m) => m.type === "RECORD");
      assert.equal(records.length, 3 * PER_PAGE, "the three pages read before the signal were written");
      assert.ok(records.every((m) => m.record.data.seen_by === "python"), "the records did not go through the Python extractor");
      assert.ok(!messages.some((m) => m.type === "STATE"), "a STATE claimed work that was not finished");
    });
  }
});
