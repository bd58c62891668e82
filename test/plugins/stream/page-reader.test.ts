import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createSluice } from "../../../core/index.js";
import { type Loopback, startLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** Offset pages of 3 over records 1..7 at /items?offset=. */
function pageOf(offset: number) {
  const ids = [1, 2, 3, 4, 5, 6, 7].slice(offset, offset + 3);
  return { data: ids.map((id) => ({ id })) };
}

const paginator = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "OffsetIncrement", page_size: 3 },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
};

describe("the retriever's page reader", () => {
  let server: Loopback;
  before(async () => {
    server = await startLoopback((req) => ({ body: pageOf(Number(req.url.searchParams.get("offset") ?? 0)) }));
  });
  after(() => server.close());

  const connect = (extra: Record<string, unknown> = {}) =>
    createSluice({ logLevel: "error" }).connect({ manifest: oneStreamManifest({ urlBase: server.url, paginator, ...extra }) });

  test("hands out every record in order and reports each page once its last record was taken", async () => {
    server.requests.length = 0;
    const events: string[] = [];
    const connector = await connect();
    for await (const record of connector.read("items", { onPage: (p) => events.push(`page ${p.page}: ${p.records}`) })) events.push(`record ${record.id}`);
    assert.deepEqual(events, ["record 1", "record 2", "record 3", "page 1: 3", "record 4", "record 5", "record 6", "page 2: 3", "record 7", "page 3: 1"]);
    assert.equal(server.requests.length, 3);
  });

  test("a record filter that fails mid-page delivers the records before it, then fails the read without another request", async () => {
    server.requests.length = 0;
    const manifest = oneStreamManifest({ urlBase: server.url, paginator });
    const retriever = (manifest.streams as Array<{ retriever: { record_selector: Record<string, unknown> } }>)[0]!.retriever;
    retriever.record_selector.record_filter = { type: "RecordFilter", condition: "{{ (1 / (record['id'] - 5)) != 0 }}" };
    const filtered = await createSluice({ logLevel: "error" }).connect({ manifest });
    const seen: unknown[] = [];
    await assert.rejects(async () => {
      for await (const record of filtered.read("items")) seen.push(record.id);
    });
    assert.deepEqual(seen, [1, 2, 3, 4]);
    assert.equal(server.requests.length, 2);
  });

  test("stopping in the middle of a page sends no further request and ends the iterator", async () => {
    server.requests.length = 0;
    const connector = await connect();
    const iterator = connector.read("items")[Symbol.asyncIterator]();
    assert.equal((await iterator.next()).value?.id, 1);
    await iterator.return?.();
    assert.deepEqual(await iterator.next(), { value: undefined, done: true });
    assert.equal(server.requests.length, 1);
  });

  test("calls to next() made before the previous one settled get consecutive records", async () => {
    const connector = await connect();
    const iterator = connector.read("items")[Symbol.asyncIterator]();
    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next(), iterator.next()]);
    assert.deepEqual(results.map((r) => r.value?.id), [1, 2, 3, 4, 5]);
  });

  test("pages(): a page of records per step; a filter failing mid-page hands over the records before it, then fails", async () => {
    const connector = await connect();
    const pages: unknown[][] = [];
    for await (const page of connector.read("items").pages()) pages.push(page.map((r) => r.id));
    assert.deepEqual(pages, [[1, 2, 3], [4, 5, 6], [7]]);

    server.requests.length = 0;
    const manifest = oneStreamManifest({ urlBase: server.url, paginator });
    const retriever = (manifest.streams as Array<{ retriever: { record_selector: Record<string, unknown> } }>)[0]!.retriever;
    retriever.record_selector.record_filter = { type: "RecordFilter", condition: "{{ (1 / (record['id'] - 5)) != 0 }}" };
    const filtered = await createSluice({ logLevel: "error" }).connect({ manifest });
    const seen: unknown[][] = [];
    await assert.rejects(async () => {
      for await (const page of filtered.read("items").pages()) seen.push(page.map((r) => r.id));
    });
    assert.deepEqual(seen, [[1, 2, 3], [4]]);
    assert.equal(server.requests.length, 2);
  });
});

describe("a page whose selection takes long gives the event loop turns", () => {
  const RECORDS = 200_000;
  const lines = Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: i })).join("\n");
  const array = `{"data":[${lines.split("\n").join(",")}]}`;
  let server: Loopback;
  let stop: AbortController;
  before(async () => {
    server = await startLoopback((req) => {
      // The abort is due 30 ms after the body is sent: long before a filter has seen 200,000 records.
      const controller = stop;
      setTimeout(() => controller.abort(new Error("stopped while selecting")), 30);
      return req.url.pathname === "/lines" ? { body: lines, headers: { "content-type": "application/jsonl" } } : { body: array };
    });
  });
  after(() => server.close());

  for (const [kind, path, retriever] of [
    ["streamed (JsonlDecoder)", "/lines", { decoder: { type: "JsonlDecoder" } }],
    ["collected (one JSON body)", "/items", {}],
  ] as const) {
    test(`${kind}: an abort during a filter that rejects every record ends the read with its reason`, async () => {
      stop = new AbortController();
      const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath: path === "/lines" ? [] : ["data"], retriever });
      const stream = (manifest.streams as Array<{ retriever: { record_selector: Record<string, unknown> } }>)[0]!;
      stream.retriever.record_selector.record_filter = { type: "RecordFilter", condition: "{{ record['id'] < 0 }}" };
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest });
      const seen: unknown[] = [];
      const pages: number[] = [];
      await assert.rejects(
        async () => {
          for await (const record of connector.read("items", { signal: stop.signal, onPage: (page) => pages.push(page.page) })) seen.push(record);
        },
        /stopped while selecting/,
      );
      assert.deepEqual(seen, []);
      assert.deepEqual(pages, [], "the page was selected to its end before the abort was seen");
    });
  }
});
