/**
 * A stop takes effect within a second even while a page is being decoded and filtered: a real
 * `sluice read` child process gets one large body (JSON Lines through the streaming decoder, or one
 * JSON array) whose every record a `record_filter` rejects, so no record is written for seconds;
 * SIGTERM in the middle of that must end the read (exit 143, the stream INCOMPLETE) at once, not
 * after the page (hardening item 5: "SIGTERM is ignored while a decoder is busy").
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { assertProtocolOutput } from "../support/protocol-schema.js";
import { BIN } from "../support/run-sluice.js";
import { oneStreamManifest } from "../support/manifest-builder.js";

/**
 * Records in the one page: enough that filtering them takes seconds. The JSON array has fewer: its
 * `JSON.parse` is the one step no signal can interrupt (docs/security.md), and it should not be what
 * the test measures.
 */
const RECORDS = 1_000_000;
const jsonl = Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: i, name: `record ${i}` })).join("\n");
const jsonArray = `{"data":[${jsonl.split("\n").slice(0, RECORDS / 2).join(",")}]}`;

type Message = Record<string, any>;

describe("SIGTERM while a large page is being decoded and filtered", () => {
  let server: Server;
  let url: string;
  let dir: string;
  let served = 0;
  before(async () => {
    server = createServer((request, response) => {
      served++;
      const body = request.url!.startsWith("/lines") ? jsonl : jsonArray;
      response.writeHead(200, { "content-type": request.url!.startsWith("/lines") ? "application/jsonl" : "application/json" });
      response.end(body);
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
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [kind, manifest] of [["JSON Lines (streamed)", "lines.json"], ["a JSON array", "array.json"]] as const) {
    it(`${kind}: exit 143 within a second of the signal, the stream INCOMPLETE`, async () => {
      const before = served;
      const child = spawn(process.execPath, [BIN, "read", "--manifest", manifest, "--config", "config.json", "--max-response-bytes", String(256 * 1024 * 1024)], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
      let ended = false;
      void exited.then(() => (ended = true));
      for (let i = 0; i < 2000 && served === before; i++) await sleep(5);
      assert.ok(served > before, "the read never asked for its page");
      // The body is on its way: give the reader time to be deep inside decoding and filtering it.
      await sleep(700);
      assert.equal(ended, false, `the read ended before the signal (the page took under 0.7 s to filter: make it larger). stderr: ${stderr}`);
      const signalled = Date.now();
      child.kill("SIGTERM");
      const code = await exited;
      const took = Date.now() - signalled;
      assert.equal(code, 143, stderr);
      assert.ok(took < 1_500, `the read took ${took} ms to stop after SIGTERM`);
      const messages = assertProtocolOutput(stdout) as Message[];
      const statuses = messages.filter((m) => m.type === "TRACE" && m.trace.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status);
      assert.equal(statuses.at(-1), "INCOMPLETE", statuses.join(", "));
    });
  }
});
