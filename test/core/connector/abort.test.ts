import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";

describe("stopping a read", () => {
  it("return() on the iterator aborts the request in flight", { timeout: 60_000 }, async () => {
    // The second page is never answered: a return() that waited for it would never settle (the test's
    // timeout fails it), so no clock is read.
    let slowArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    let slowClosed!: (closedUnanswered: boolean) => void;
    const closed = new Promise<boolean>((resolve) => (slowClosed = resolve));
    const server = createServer((req, res) => {
      if (req.url?.startsWith("/slow")) {
        res.on("close", () => slowClosed(!res.writableEnded));
        slowArrived();
        return;
      }
      res.end(JSON.stringify({ data: [{ id: 1 }], next: "/slow" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const connector = await createSluice().connect({
        manifest: {
          version: "6.0.0",
          streams: [
            {
              type: "DeclarativeStream",
              name: "s",
              retriever: {
                type: "SimpleRetriever",
                requester: { type: "HttpRequester", url_base: url, path: "/first" },
                record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
                paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" }, page_token_option: { type: "RequestPath" } },
              },
            },
          ],
        },
      });
      const records = connector.read("s");
      assert.deepEqual((await records.next()).value, { id: 1 });
      const pending = records.next();
      await arrived;
      await records.return!(undefined);
      assert.deepEqual(await pending, { done: true, value: undefined });
      assert.equal(await closed, true, "the request in flight was closed unanswered");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
