import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";

describe("stopping a read", () => {
  it("return() on the iterator aborts the request in flight", async () => {
    let closedEarly = false;
    const server = createServer((req, res) => {
      if (req.url?.startsWith("/slow")) {
        res.on("close", () => (closedEarly = !res.writableEnded));
        setTimeout(() => res.end(JSON.stringify({ data: [{ id: 2 }] })), 5_000).unref();
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
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await records.return!(undefined);
      assert.deepEqual(await pending, { done: true, value: undefined });
      assert.ok(Date.now() - started < 2_000, "return() did not wait for the slow response");
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(closedEarly, true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
