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

/** What the server answers per path; `bytesWritten` counts what it managed to send of an endless body. */
let server: Server;
let base = "";
let endlessBytesWritten = 0;
let endlessClosed = false;
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
      const pump = (): void => {
        while (!endlessClosed && res.write(chunk)) endlessBytesWritten += chunk.length;
        if (!endlessClosed) res.once("drain", pump);
      };
      res.on("close", () => (endlessClosed = true));
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
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(endlessClosed, "the connection was not closed");
    // socket buffers let the server write somewhat more than was read; nothing near unbounded
    assert.ok(endlessBytesWritten < limit * 8, `the server wrote ${endlessBytesWritten} bytes`);
  });

  it("an endless body is cut off the same way through the undici transport", async () => {
    endlessBytesWritten = 0;
    endlessClosed = false;
    const limit = 2 * 1024 * 1024;
    const { error } = await readFailure(manifest("/endless"), { http: { maxRetries: 0, maxResponseBytes: limit, transport: "undici" } });
    assert.equal(error.code, "HTTP_RESPONSE_TOO_LARGE", error.describe());
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(endlessClosed, "the connection was not closed");
    assert.ok(endlessBytesWritten < limit * 8, `the server wrote ${endlessBytesWritten} bytes`);
  });
});
