import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DpathExtractor } from "../../../plugins/selection/dpath-extractor.js";
import { jsonDocuments, type HttpResponse } from "../../../sdk/index.js";

function response(body: unknown): HttpResponse {
  const text = JSON.stringify(body);
  return { status: 200, url: "http://x", headers: { get: () => null, entries: () => [] }, links: {}, json: () => JSON.parse(text), text: () => text, bytes: () => Buffer.from(text), documents: () => jsonDocuments(JSON.parse(text)) };
}

describe("DpathExtractor", () => {
  it("yields the items of the list at field_path", () => {
    assert.deepEqual([...(new DpathExtractor(["data", "users"]).extract(response({ data: { users: [{ id: 1 }, { id: 2 }] } })) as Iterable<unknown>)], [{ id: 1 }, { id: 2 }]);
  });
  it("reads a top-level array item by item with an empty path (GitHub-style)", () => {
    assert.deepEqual([...(new DpathExtractor([]).extract(response([{ id: 1 }, { id: 2 }])) as Iterable<unknown>)], [{ id: 1 }, { id: 2 }]);
  });
  it("yields a single object as one record", () => {
    assert.deepEqual([...(new DpathExtractor(["user"]).extract(response({ user: { id: 7 } })) as Iterable<unknown>)], [{ id: 7 }]);
  });
  it("yields nothing for a missing path or an empty object", () => {
    assert.deepEqual([...(new DpathExtractor(["nope"]).extract(response({ data: [] })) as Iterable<unknown>)], []);
    assert.deepEqual([...(new DpathExtractor(["data"]).extract(response({ data: {} })) as Iterable<unknown>)], []);
  });
  it("matches every key at a '*' level", () => {
    const body = { groups: { a: { items: [{ id: 1 }] }, b: { items: [{ id: 2 }] } } };
    assert.deepEqual([...(new DpathExtractor(["groups", "*", "items"]).extract(response(body)) as Iterable<unknown>)], [[{ id: 1 }], [{ id: 2 }]]);
  });
});
