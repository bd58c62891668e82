import assert from "node:assert/strict";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

describe("SubstreamPartitionRouter and aborts", () => {
  it("aborting the child's read aborts the parent's request in flight", { timeout: 10_000 }, async () => {
    let parentPageTwo: (() => void) | undefined;
    const closed = new Promise<void>((resolve) => {
      parentPageTwo = resolve;
    });
    let held: ServerResponse | undefined;
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/accounts" && url.searchParams.get("page") === "2") {
        held = res; // never answered: only an abort ends this request
        req.on("close", () => parentPageTwo?.());
        return;
      }
      const body = url.pathname === "/accounts" ? { data: [{ id: "a1" }], next: 2 } : { data: [{ id: `contact-of-${url.pathname.split("/")[2]}` }] };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const urlBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const accounts = streamDef({
        name: "accounts",
        urlBase,
        path: "/accounts",
        fieldPath: ["data"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
        },
      });
      const contacts = streamDef({
        name: "contacts",
        urlBase,
        path: "/accounts/{{ stream_partition.account_id }}/contacts",
        fieldPath: ["data"],
        partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ stream: accounts, parent_key: "id", partition_field: "account_id" }] },
      });
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef([contacts]), config: {} });
      const controller = new AbortController();
      const records: unknown[] = [];
      const reading = (async () => {
        for await (const record of connector.read("contacts", { signal: controller.signal })) {
          records.push(record);
          setTimeout(() => controller.abort(new Error("stopped by the test")), 50);
        }
      })();
      await assert.rejects(reading);
      await closed;
      assert.deepEqual(records, [{ id: "contact-of-a1" }]);
      // The parent's page 2 is never answered: only the abort closes it (a hang fails by the test's timeout).
    } finally {
      held?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
