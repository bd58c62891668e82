import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createSluice } from "../../../core/index.js";
import { readRecords } from "../../../sdk/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** Records 1..7 in pages of 3 at /items?offset=N (the last page is short, so OffsetIncrement stops there). */
function pageOf(offset: number) {
  return { data: [1, 2, 3, 4, 5, 6, 7].slice(offset, offset + 3).map((id) => ({ id })) };
}

const offsetPaginator = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "OffsetIncrement", page_size: 3 },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
};

/** What the test server does with one request: answer it, or hold it (the test ends it). */
type Handler = (offset: number, req: IncomingMessage, res: ServerResponse) => "answer" | "hold";

/** A loopback API of offset pages whose handling each test can change; it records each request and whether it was aborted. */
function pageApi() {
  let handler: Handler = () => "answer";
  const seen: Array<{ offset: number; aborted: boolean }> = [];
  const server = createServer((req, res) => {
    const offset = Number(new URL(req.url ?? "/", "http://x").searchParams.get("offset") ?? 0);
    const entry = { offset, aborted: false };
    seen.push(entry);
    res.on("close", () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    if (handler(offset, req, res) === "hold") return;
    const body = JSON.stringify(pageOf(offset));
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
  return {
    seen,
    handle(next: Handler) {
      handler = next;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Waits until `condition` holds (polling), failing after two seconds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2_000) assert.fail(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe("reading the next page ahead", () => {
  const api = pageApi();
  let url = "";
  before(async () => {
    url = await api.start();
  });
  after(() => api.close());

  const connect = (extra: Record<string, unknown> = {}) => createSluice({ logLevel: "error" }).connect({ manifest: oneStreamManifest({ urlBase: url, paginator: offsetPaginator, ...extra }) });

  test("the next page is requested while the consumer still holds the current one; pages, records and reports stay in order", async () => {
    api.seen.length = 0;
    api.handle(() => "answer");
    const connector = await connect();
    const reports: string[] = [];
    const pages: number[][] = [];
    for await (const page of connector.read("items", { onPage: (p) => reports.push(`${p.page}:${p.records}`) }).pages()) {
      pages.push(page.map((record) => Number(record.id)));
      if (pages.length === 1) await until(() => api.seen.length === 2, "the second page's request while the first page is held");
    }
    assert.deepEqual(pages, [[1, 2, 3], [4, 5, 6], [7]]);
    assert.deepEqual(reports, ["1:3", "2:3", "3:1"], "each page is reported once taken, with its own number");
    assert.deepEqual(api.seen.map((r) => r.offset), [0, 3, 6], "no request past the last (short) page");
  });

  test("a cursor read from the last record waits until the page has been taken", async () => {
    api.seen.length = 0;
    api.handle(() => "answer");
    const paginator = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ last_record.id }}", stop_condition: "{{ last_page_size < 3 }}" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
    };
    const connector = await connect({ paginator });
    const pages: number[][] = [];
    for await (const page of connector.read("items").pages()) {
      pages.push(page.map((record) => Number(record.id)));
      if (pages.length === 1) {
        await sleep(100);
        assert.equal(api.seen.length, 1, "a transformation could still change the last record: nothing is sent before the page is taken");
      }
    }
    assert.deepEqual(pages, [[1, 2, 3], [4, 5, 6], [7]]);
  });

  test("a requester that reads stream_state waits until the page has been taken", async () => {
    api.seen.length = 0;
    api.handle(() => "answer");
    const connector = await connect({ requester: { request_parameters: { since: "{{ stream_state.get('updated', 0) }}" } } });
    let taken = 0;
    for await (const _page of connector.read("items").pages()) {
      taken++;
      if (taken === 1) {
        await sleep(100);
        assert.equal(api.seen.length, 1);
      }
    }
    assert.equal(taken, 3);
  });

  test("a consumer that stops while a page is read ahead aborts that request and sends no other", async () => {
    api.seen.length = 0;
    api.handle((offset) => (offset === 3 ? "hold" : "answer"));
    const connector = await connect();
    for await (const _page of connector.read("items").pages()) {
      await until(() => api.seen.length === 2, "the page read ahead");
      break;
    }
    await until(() => api.seen[1]!.aborted, "the request read ahead to be aborted");
    await sleep(50);
    assert.equal(api.seen.length, 2);
  });

  test("the same holds for a stream read directly with readRecords (no host signal): its return() aborts the request read ahead", async () => {
    api.seen.length = 0;
    api.handle((offset) => (offset === 3 ? "hold" : "answer"));
    const connector = await connect();
    const reader = readRecords(connector.stream("items"));
    assert.equal((await reader.next()).value?.id, 1);
    await until(() => api.seen.length === 2, "the page read ahead");
    await reader.return!();
    await until(() => api.seen[1]!.aborted, "the request read ahead to be aborted");
  });

  test("a failure of the page read ahead comes after every record of the current page, located at its page", async () => {
    api.seen.length = 0;
    api.handle((offset, _req, res) => {
      if (offset !== 3) return "answer";
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end('{"error":"gone"}');
      return "hold";
    });
    const connector = await connect();
    const ids: number[] = [];
    await assert.rejects(
      async () => {
        for await (const record of connector.read("items")) ids.push(Number(record.id));
      },
      (error: { code?: string; where?: { page?: number } }) => error.code === "HTTP_STATUS" && error.where?.page === 2,
    );
    assert.deepEqual(ids, [1, 2, 3]);
  });

  test("a paginator that fails on a page fails the read after that page's records, as without read-ahead", async () => {
    api.seen.length = 0;
    api.handle(() => "answer");
    // The page size comes from the body, which has none: the paginator fails on the first page.
    const paginator = { ...offsetPaginator, pagination_strategy: { type: "OffsetIncrement", page_size: "{{ response.size }}" } };
    const connector = await connect({ paginator });
    const ids: number[] = [];
    await assert.rejects(
      async () => {
        for await (const record of connector.read("items")) ids.push(Number(record.id));
      },
      (error: { code?: string }) => error.code === "PAGINATION_PAGE_SIZE_INVALID",
    );
    assert.deepEqual(ids, [1, 2, 3]);
    assert.equal(api.seen.length, 1);
  });

  test("no page is read ahead past a read's page limit (a test read's pagesPerSlice)", async () => {
    api.seen.length = 0;
    api.handle(() => "answer");
    const connector = await connect();
    const ids: number[] = [];
    for await (const record of connector.read("items", { pagesPerSlice: 1 } as never)) ids.push(Number(record.id));
    await sleep(50);
    assert.deepEqual(ids, [1, 2, 3]);
    assert.equal(api.seen.length, 1);
  });
});

/**
 * The offset API of {@link pageOf} in a child process, which notes when each request arrives (its
 * clock is the machine's, as the test's): a reader that blocks its own event loop cannot delay what
 * this server sees.
 */
async function pageApiProcess(): Promise<{ url: string; arrivals(): Promise<Array<{ offset: number; at: number }>>; close(): void }> {
  const script = `
    const http = require("node:http");
    const arrivals = [];
    const server = http.createServer((req, res) => {
      const offset = Number(new URL(req.url, "http://x").searchParams.get("offset") ?? 0);
      arrivals.push({ offset, at: Date.now() });
      const body = JSON.stringify({ data: [1, 2, 3, 4, 5, 6, 7].slice(offset, offset + 3).map((id) => ({ id })) });
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    });
    process.on("message", () => process.send(arrivals));
    server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (message) => resolve((message as { port: number }).port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals: () => new Promise((resolve) => {
      child.once("message", (message) => resolve(message as Array<{ offset: number; at: number }>));
      child.send("arrivals?");
    }),
    close: () => void child.kill(),
  };
}

test("the request read ahead is on the wire before the consumer gets the page, so the consumer's work overlaps it", async () => {
  const api = await pageApiProcess();
  try {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: oneStreamManifest({ urlBase: api.url, paginator: offsetPaginator }) });
    const BLOCKED_MS = 400;
    let handedOut = 0;
    let pages = 0;
    for await (const _page of connector.read("items").pages()) {
      if (++pages !== 1) continue;
      // Synchronous work on the first page, as a CLI serialising it does: nothing else runs meanwhile.
      handedOut = Date.now();
      while (Date.now() - handedOut < BLOCKED_MS);
    }
    const second = (await api.arrivals()).find((arrival) => arrival.offset === 3);
    assert.ok(second, "the second page was requested");
    // The reader's event loop is blocked from handedOut on: a request that arrives before the block ends
    // was written before the page was handed out (an order of events, not a speed).
    assert.ok(second.at < handedOut + BLOCKED_MS, `the second page's request arrived ${second.at - handedOut} ms after the first page was handed out; it should arrive while the consumer works on that page (${BLOCKED_MS} ms)`);
  } finally {
    api.close();
  }
});
