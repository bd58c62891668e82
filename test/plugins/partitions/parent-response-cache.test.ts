/**
 * The response cache of parent streams, as the kit's: two child streams of one parent read the parent's
 * pages once per read, not once per child; a new read asks again; a signing step does not defeat it.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

function route(req: SeenRequest) {
  const path = req.url.pathname;
  if (path === "/boards") {
    const page = Number(req.url.searchParams.get("page") ?? "1");
    return { body: { data: page === 1 ? [{ id: "b1" }, { id: "b2" }] : [{ id: "b3" }], next: page === 1 ? 2 : null } };
  }
  return { body: { data: [{ id: `${path.split("/")[3]}-of-${path.split("/")[2]}` }] } };
}

describe("the response cache of parent streams", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(route);
  });
  after(() => api.close());

  function manifest(parentAuthenticator?: Record<string, unknown>): Record<string, unknown> {
    const boards = streamDef({
      name: "boards",
      urlBase: api.url,
      path: "/boards",
      fieldPath: ["data"],
      requester: parentAuthenticator ? { authenticator: parentAuthenticator } : {},
      paginator: {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" },
        page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
      },
    });
    const child = (name: string) =>
      streamDef({
        name,
        urlBase: api.url,
        path: `/boards/{{ stream_partition.board_id }}/${name}`,
        fieldPath: ["data"],
        partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: boards, parent_key: "id", partition_field: "board_id" }] },
      });
    return sourceDef([boards, child("cards"), child("labels")]);
  }

  async function readChildren(definition: Record<string, unknown>, concurrency: number, config: Record<string, unknown> = {}, streams = ["cards", "labels"]): Promise<{ boardRequests: number; records: number }> {
    const start = api.requests.length;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: definition, config });
    let records = 0;
    for await (const message of connector.readAll({ streams, concurrency })) if (message.type === "record") records++;
    return { boardRequests: api.requests.slice(start).filter((r) => r.url.pathname === "/boards").length, records };
  }

  it("requests each parent page once for two child streams read one after the other (was once per child)", async () => {
    const { boardRequests, records } = await readChildren(manifest(), 1);
    assert.equal(records, 6);
    assert.equal(boardRequests, 2);
  });

  it("shares the parent's pages between child streams read at the same time", async () => {
    const { boardRequests, records } = await readChildren(manifest(), 4);
    assert.equal(records, 6);
    assert.equal(boardRequests, 2);
  });

  it("covers the parent's own top-level read too: a catalog of the parent and its children requests each parent page once (the kit's use_cache)", async () => {
    for (const concurrency of [1, 4]) {
      const { boardRequests, records } = await readChildren(manifest(), concurrency, {}, ["boards", "cards", "labels"]);
      assert.equal(records, 9);
      assert.equal(boardRequests, 2, `concurrency ${concurrency}`);
    }
  });

  it("keeps a requester written with use_cache: false out of the cache, as the kit does (a scroll API's pages must not be reused)", async () => {
    const definition = manifest();
    const streams = definition.streams as Array<{ retriever: { requester: Record<string, unknown>; partition_router?: { parent_stream_configs: Array<{ stream: { retriever: { requester: Record<string, unknown> } } }> } } }>;
    streams[0]!.retriever.requester.use_cache = false;
    for (const child of streams.slice(1)) child.retriever.partition_router!.parent_stream_configs[0]!.stream.retriever.requester.use_cache = false;
    const { boardRequests } = await readChildren(definition, 1, {}, ["boards", "cards", "labels"]);
    assert.equal(boardRequests, 6);
  });

  it("is scoped to one read: the next read requests the parent's pages again", async () => {
    const definition = manifest();
    const first = await readChildren(definition, 1);
    const second = await readChildren(definition, 1);
    assert.deepEqual([first.boardRequests, second.boardRequests], [2, 2]);
  });

  it("keys requests before the signing step: an HMAC signature with a fresh timestamp and nonce does not defeat it", async () => {
    const hmac = {
      type: "HmacAuthenticator",
      secret_key: "{{ config['secret'] }}",
      string_to_sign: "{{ method }}{{ path_and_query }}{{ nonce }}",
      timestamp_format: "milliseconds",
      request_headers: { "X-Nonce": "{{ nonce }}", "X-Signature": "{{ signature }}" },
    };
    const start = api.requests.length;
    const { boardRequests } = await readChildren(manifest(hmac), 1, { secret: "s3cret-value" });
    assert.equal(boardRequests, 2);
    const signed = api.requests.slice(start).filter((r) => r.url.pathname === "/boards");
    assert.ok(signed.every((r) => typeof r.headers["x-signature"] === "string"), "the parent's pages are signed");
  });

  it("is off with http.responseCacheBytes: 0", async () => {
    const start = api.requests.length;
    const connector = await createSluice({ logLevel: "error", http: { responseCacheBytes: 0 } }).connect({ manifest: manifest(), config: {} });
    for await (const _message of connector.readAll({ streams: ["cards", "labels"], concurrency: 1 })) void _message;
    assert.equal(api.requests.slice(start).filter((r) => r.url.pathname === "/boards").length, 4);
  });
});
