import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeBody } from "../../../scripts/corpus/mock/encode-body.js";
import { IterableDecoder } from "../../../plugins/decoders/iterable-decoder.js";
import { XmlDecoder } from "../../../plugins/decoders/xml-decoder.js";
import { loadFastXmlParser } from "../../../plugins/decoders/decoder-packages.js";
import type { HttpResponse } from "../../../sdk/index.js";

/** A response carrying `text`, for decoding what the mock encoded. */
function response(text: string, contentType: string): HttpResponse {
  return {
    status: 200,
    url: "http://mock/x",
    headers: { get: (name) => (name.toLowerCase() === "content-type" ? contentType : null), entries: () => [["content-type", contentType]] },
    links: {},
    json: () => JSON.parse(text),
    text: () => text,
    bytes: () => Buffer.from(text),
    documents: () => [JSON.parse(text)],
  };
}

describe("the corpus mock encodes pages for the stream's decoder", () => {
  it("XmlDecoder: the XmlDecoder reads back the records and attributes it was given", async () => {
    const body = { Response: { "@api-method": "List", StaffList: { Staff: [{ UUID: "a1", Name: "Ada" }, { UUID: "b2", Name: "Bob" }] } } };
    const encoded = encodeBody(body, "XmlDecoder");
    assert.equal(encoded.contentType, "application/xml");
    assert.deepEqual(new XmlDecoder(await loadFastXmlParser()).decode(response(encoded.text, encoded.contentType)), [body]);
  });
  it("JsonlDecoder: one document per line; IterableDecoder: the record text per line; others JSON", () => {
    assert.equal(encodeBody([{ id: 1 }, { id: 2 }], "JsonlDecoder").text, '{"id":1}\n{"id":2}');
    const lines = encodeBody([{ record: "a@example.com" }, { record: "b@example.com" }], "IterableDecoder");
    assert.deepEqual([...new IterableDecoder().decode(response(lines.text, lines.contentType))], [{ record: "a@example.com" }, { record: "b@example.com" }]);
    assert.deepEqual(encodeBody({ data: [] }, undefined), { contentType: "application/json", text: '{"data":[]}' });
  });
});
