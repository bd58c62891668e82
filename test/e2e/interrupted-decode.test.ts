/**
 * A stop takes effect while a page is being decoded and filtered: a real `sluice read` child process
 * gets a page whose every record a `record_filter` rejects, so no record is written; SIGTERM in the
 * middle of it must end the read (exit 143, the stream INCOMPLETE), not wait for the page's end
 * (hardening item 5: "SIGTERM is ignored while a decoder is busy"). The JSON Lines page never ends, so
 * a read that waited for it would go on until the response-size limit (exit 1, not 143) or the test's
 * timeout: no clock is read. The
 * JSON array is sent whole (its `JSON.parse` is the one step no signal can interrupt, docs/security.md)
 * and the signal comes once it has been sent.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { EventEmitter, once } from "node:events";
import { assertProtocolOutput } from "../support/protocol-schema.js";
import { BIN } from "../support/run-sluice.js";
import { oneStreamManifest } from "../support/manifest-builder.js";

/** Records in the JSON array: enough that filtering them takes a while after its `JSON.parse`. */
const RECORDS = 500_000;
const jsonArray = `{"data":[${Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: i, name: `record ${i}` })).join(",")}]}`;
/** One chunk of the endless JSON Lines page, and how many bytes of it are sent before the signal. */
const LINES_CHUNK = Array.from({ length: 1_000 }, (_, i) => JSON.stringify({ id: i, name: `record ${i}` })).join("\n") + "\n";
const LINES_BEFORE_SIGNAL = 8 * 1024 * 1024;

type Message = Record<string, any>;

describe("SIGTERM while a large page is being decoded and filtered", () => {
  let server: Server;
  let url: string;
  let dir: string;
  let served = 0;
  /** Emits "page" once the page has been sent far enough for the signal. */
  const sent = new EventEmitter();
  before(async () => {
    server = createServer((request, response) => {
      served++;
      if (!request.url!.startsWith("/lines")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(jsonArray, () => sent.emit("page", jsonArray.length));
        return;
      }
      // An endless page: written as fast as the reader takes it, until the reader goes away.
      response.writeHead(200, { "content-type": "application/jsonl" });
      let written = 0;
      const more = (): void => {
        let room = true;
        while (!response.destroyed && room) {
          room = response.write(LINES_CHUNK);
          written += LINES_CHUNK.length;
          if (written >= LINES_BEFORE_SIGNAL) sent.emit("page", written);
        }
        if (!response.destroyed) response.once("drain", more);
      };
      response.on("error", () => undefined);
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(join(tmpdir(), "sluice-interrupted-decode-"));
    const rejectAll = { record_filter: { type: "RecordFilter", condition: "{{ record.id < 0 }}" } };
    const lines = oneStreamManifest({
      urlBase: url,
      path: "/lines",
      fieldPath: [],
      retriever: { decoder: { type: "JsonlDecoder" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] }, ...rejectAll } },
    });
    const array = oneStreamManifest({
      urlBase: url,
      path: "/array",
      retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, ...rejectAll } },
    });
    await writeFile(join(dir, "lines.json"), JSON.stringify(lines));
    await writeFile(join(dir, "array.json"), JSON.stringify(array));
    await writeFile(join(dir, "config.json"), "{}");
  });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [kind, manifest] of [["JSON Lines (streamed)", "lines.json"], ["a JSON array", "array.json"]] as const) {
    it(`${kind}: exit 143 on the signal in the middle of the page, the stream INCOMPLETE`, { timeout: 120_000 }, async () => {
      const before = served;
      const child = spawn(process.execPath, [BIN, "read", "--manifest", manifest, "--config", "config.json", "--max-response-bytes", String(256 * 1024 * 1024)], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      let ended = false;
      void exited.then(() => (ended = true));
      // The page is on its way (the whole array, or megabytes of the endless lines): the reader is inside it.
      await Promise.race([once(sent, "page"), exited]);
      assert.ok(served > before, `the read never asked for its page. stderr: ${stderr}`);
      assert.equal(ended, false, `the read ended before the signal. stderr: ${stderr}`);
      child.kill("SIGTERM");
      const code = await exited;
      assert.equal(code, 143, stderr);
      const messages = assertProtocolOutput(stdout) as Message[];
      const statuses = messages.filter((m) => m.type === "TRACE" && m.trace.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status);
      assert.equal(statuses.at(-1), "INCOMPLETE", statuses.join(", "));
    });
  }
});
