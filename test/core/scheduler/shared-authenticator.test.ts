import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { createSluice, type ReadMessage } from "../../../core/index.js";
import { latencyManifest, nextPagePaginator } from "../../support/latency-api.js";

/** An API whose data needs the current access token, and its token endpoint; both answer 40 ms late. */
function startApi() {
  const state = { refreshes: 0, valid: new Set<string>(), rejected: 0, url: "" };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", state.url);
    req.resume();
    setTimeout(() => {
      if (url.pathname === "/oauth/token") {
        state.refreshes++;
        const token = `at-${state.refreshes}`;
        state.valid = new Set([token]);
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ access_token: token, expires_in: 3600 }));
        return;
      }
      const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!state.valid.has(token)) {
        state.rejected++;
        res.writeHead(401, { "Content-Type": "application/json" }).end("{}");
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: [{ id: url.searchParams.get("part") }], next: null }));
    }, 40);
  });
  return { state, server };
}

const PARTS = Array.from({ length: 20 }, (_, i) => `p${i}`);

describe("one authenticator shared by 20 concurrent requests", () => {
  const { state, server } = startApi();
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const manifest = () =>
    latencyManifest([
      {
        type: "DeclarativeStream",
        name: "items",
        primary_key: "id",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "SimpleRetriever",
          requester: {
            type: "HttpRequester",
            url_base: state.url,
            path: "/items",
            authenticator: {
              type: "OAuthAuthenticator",
              token_refresh_endpoint: `${state.url}/oauth/token`,
              client_id: "cid",
              client_secret: "{{ config['client_secret'] }}",
              refresh_token: "{{ config['refresh_token'] }}",
            },
          },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
          paginator: nextPagePaginator(),
          partition_router: { type: "ListPartitionRouter", values: PARTS, cursor_field: "part", request_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "part" } },
        },
      },
    ]);

  const records = async (read: AsyncIterable<ReadMessage>) => {
    let n = 0;
    for await (const message of read) {
      if (message.type === "status" && message.status === "INCOMPLETE") throw message.error;
      if (message.type === "record") n++;
    }
    return n;
  };

  it("20 requests that all find no valid token cause exactly one refresh; 20 simultaneous 401s cause one more", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: { client_secret: "cs", refresh_token: "rt" } });
    assert.equal(await records(connector.readAll({ concurrency: 20 })), 20);
    assert.equal(state.refreshes, 1, "the token was refreshed more than once");
    assert.equal(state.rejected, 0);

    // The API revokes the token: every request of the next read is answered 401 at about the same time.
    state.valid = new Set();
    assert.equal(await records(connector.readAll({ concurrency: 20 })), 20);
    assert.ok(state.rejected >= 10, `only ${state.rejected} requests saw the 401`);
    assert.equal(state.refreshes, 2, "several simultaneous 401s caused more than one refresh");
  });
});
