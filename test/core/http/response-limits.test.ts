/**
 * Attacks with responses that exhaust resources: a body padded past the size limit (declared, or streamed
 * without end), and a record nested 100,000 objects deep. Each fails the stream with a coded error that
 * names the stream and the page, instead of running out of memory or stack.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { createSluice, type SluiceOptions } from "../../../core/index.js";
import { SluiceError, type DataRecord } from "../../../sdk/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** What the server answers per path; each endless body records how much it managed to send and whether its connection closed. */
let server: Server;
let base = "";
/** One entry per endless response, so that a late close of an earlier test's connection cannot stop a later one. */
const endless: Array<{ bytesWritten: number; closed: boolean }> = [];
const DEPTH = 100_000;

before(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/page1") return void res.end(JSON.stringify({ data: [{ id: 1 }], next: "/deep" }));
    if (path === "/deep") {
      res.setHeader("Content-Type", "application/json");
      return void res.end(`{"data":[${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}]}`);
    }
    if (path === "/declared") {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(50 * 1024 * 1024) });
      return void res.write("{");
    }
    if (path === "/endless") {
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const sent = { bytesWritten: 0, closed: false };
      endless.push(sent);
      const pump = (): void => {
        while (!sent.closed && res.write(chunk)) sent.bytesWritten += chunk.length;
        if (!sent.closed) res.once("drain", pump);
      };
      res.on("close", () => (sent.closed = true));
      return pump();
    }
    res.end(JSON.stringify({ data: [{ id: 2 }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Waits (up to 2 s, for a loaded machine) until the server sees the endless response's connection closed. */
async function closedSoon(sent: { closed: boolean }): Promise<void> {
  for (let waited = 0; !sent.closed && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(sent.closed, "the connection was not closed");
}

function manifest(path: string, paginated = false): Record<string, unknown> {
  const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" }, page_token_option: { type: "RequestPath" } };
  return oneStreamManifest({ urlBase: base, path, ...(paginated ? { paginator } : {}) });
}

async function readFailure(definition: Record<string, unknown>, options: SluiceOptions = {}): Promise<{ error: SluiceError; records: DataRecord[] }> {
  const connector = await createSluice({ logLevel: "error", http: { maxRetries: 0 }, ...options }).connect({ manifest: definition, config: {} });
  const records: DataRecord[] = [];
  try {
    for await (const record of connector.read("items")) records.push(record);
  } catch (error) {
    assert.ok(error instanceof SluiceError, String(error));
    return { error, records };
  }
  assert.fail("the read succeeded");
}

describe("response limits", () => {
  it("a record nested 100,000 objects deep fails with RESPONSE_TOO_DEEP naming the stream and page; earlier records are delivered", async () => {
    const { error, records } = await readFailure(manifest("/page1", true));
    assert.equal(error.code, "RESPONSE_TOO_DEEP", error.describe());
    assert.equal(error.where.stream, "items");
    assert.equal(error.where.page, 2);
    assert.deepEqual(records, [{ id: 1 }]);
  });

  it("the nesting limit is configurable", async () => {
    const connector = await createSluice({ logLevel: "error", http: { maxNestingDepth: 2 } }).connect({ manifest: manifest("/other"), config: {} });
    await assert.rejects(
      (async () => {
        for await (const _ of connector.read("items"));
      })(),
      { code: "RESPONSE_TOO_DEEP" },
    );
  });

  it("a declared Content-Length over the limit is refused before the body is read", async () => {
    const { error } = await readFailure(manifest("/declared"), { http: { maxRetries: 0, maxResponseBytes: 1024 * 1024 } });
    assert.equal(error.code, "HTTP_RESPONSE_TOO_LARGE", error.describe());
    assert.equal(error.where.stream, "items");
    assert.equal(error.where.page, 1);
  });

  it("an endless body fails with HTTP_RESPONSE_TOO_LARGE soon after the limit, without reading the rest", async () => {
    const limit = 2 * 1024 * 1024;
    const { error } = await readFailure(manifest("/endless"), { http: { maxRetries: 0, maxResponseBytes: limit } });
    assert.equal(error.code, "HTTP_RESPONSE_TOO_LARGE", error.describe());
    assert.equal(error.where.page, 1);
    const sent = endless.at(-1)!;
    await closedSoon(sent);
    // socket buffers let the server write somewhat more than was read; nothing near unbounded
    assert.ok(sent.bytesWritten < limit * 8, `the server wrote ${sent.bytesWritten} bytes`);
  });

  it("an endless body is cut off the same way through the undici transport", async () => {
    const limit = 2 * 1024 * 1024;
    const { error } = await readFailure(manifest("/endless"), { http: { maxRetries: 0, maxResponseBytes: limit, transport: "undici" } });
    assert.equal(error.code, "HTTP_RESPONSE_TOO_LARGE", error.describe());
    const sent = endless.at(-1)!;
    await closedSoon(sent);
    assert.ok(sent.bytesWritten < limit * 8, `the server wrote ${sent.bytesWritten} bytes`);
  });
});
