import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { addStream, keyHolder, removeStream, renameKey, writeField, writeList } from "../../../builder-ui/model/stream-edits.js";

const MANIFEST = `version: 6.0.0
type: DeclarativeSource
definitions:
  requester:
    type: HttpRequester
    url_base: https://api.acme.com # the API
streams:
  - type: DeclarativeStream
    name: users # people
    retriever:
      type: SimpleRetriever
      requester:
        $ref: "#/definitions/requester"
        path: /users
        request_parameters:
          per_page: "50" # the most
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
check: { type: CheckStream, stream_names: [users] }
`;

describe("the stream page's edits", () => {
  it("adds a stream sharing the first stream's requester definition, with its own path", () => {
    const next = addStream(ManifestModel.parse(MANIFEST), { name: "orders", path: "/orders" });
    const stream = next.valueAt(["streams", 1]) as { name: string; retriever: { requester: unknown; record_selector: unknown } };
    assert.equal(stream.name, "orders");
    assert.deepEqual(stream.retriever.requester, { $ref: "#/definitions/requester", path: "/orders" });
    assert.ok(next.text.startsWith(MANIFEST.split("streams:")[0]!), "the definitions stay as written");
    assert.match(next.text, /name: users # people/);
  });

  it("adds the first stream to a manifest without streams", () => {
    const next = addStream(ManifestModel.parse("version: 6.0.0\ntype: DeclarativeSource\n"), { name: "items", path: "/items" });
    assert.deepEqual((next.valueAt(["streams"]) as Array<{ retriever: { requester: { path: string } } }>).map((s) => s.retriever.requester.path), ["/items"]);
  });

  it("removes a stream and its name from check.stream_names, the next stream checked instead when none is left", () => {
    const two = addStream(ManifestModel.parse(MANIFEST), { name: "orders", path: "/orders" });
    const next = removeStream(two, 0);
    assert.deepEqual((next.valueAt(["streams"]) as Array<{ name: string }>).map((s) => s.name), ["orders"]);
    assert.deepEqual(next.valueAt(["check", "stream_names"]), ["orders"]);
    const three = addStream(two, { name: "refunds", path: "/refunds" }).setIn(["check", "stream_names", 0], "orders");
    assert.deepEqual(removeStream(three, 2).valueAt(["check", "stream_names"]), ["orders"]);
  });

  it("renames a stream in check.stream_names too, each in place", () => {
    const next = writeField(ManifestModel.parse(MANIFEST), ["streams", 0, "name"], "people");
    assert.equal(next.text, MANIFEST.replace("name: users", "name: people").replace("stream_names: [users]", "stream_names: [people]"));
  });

  it("writes a record selector path as a flow list in place, and an empty one", () => {
    const path = ["streams", 0, "retriever", "record_selector", "extractor", "field_path"];
    const model = ManifestModel.parse(MANIFEST);
    assert.equal(writeList(model, path, ["data", "items"]).text, MANIFEST.replace("field_path: [data]", "field_path: [data, items]"));
    assert.equal(writeField(model, path, []).text, MANIFEST.replace("field_path: [data]", "field_path: []"));
    assert.equal(writeList(model, path, ["a b", "true"]).text, MANIFEST.replace("field_path: [data]", 'field_path: ["a b", "true"]'));
  });

  it("writes a primary key given as a scalar as a list, in place", () => {
    const model = ManifestModel.parse(MANIFEST.replace("name: users # people", "name: users # people\n    primary_key: id"));
    const next = writeField(model, ["streams", 0, "primary_key"], ["id", "region"]);
    assert.match(next.text, /primary_key: \[id, region\]\n/);
    assert.match(next.text, /name: users # people/);
  });

  it("renames a key of a key/value list in place, keeping its value and comment, and refuses a taken key", () => {
    const at = ["streams", 0, "retriever", "requester", "request_parameters"];
    const model = ManifestModel.parse(MANIFEST);
    assert.equal(renameKey(model, at, "per_page", "limit").text, MANIFEST.replace("per_page:", "limit:"));
    assert.equal(renameKey(model, at, "per_page", "a: b").text, MANIFEST.replace("per_page:", '"a: b":'));
    const two = model.setIn([...at, "page"], "1");
    assert.equal(renameKey(two, at, "page", "per_page"), two);
  });

  it("finds where a key is written through $ref maps and reference strings, not where its value points", () => {
    const model = ManifestModel.parse(`definitions:
  paginator: { type: DefaultPaginator }
  base:
    retriever:
      paginator: "#/definitions/paginator"
streams:
  - $ref: "#/definitions/base"
    name: a
  - name: b
    retriever:
      $ref: "#/definitions/base/retriever"
      paginator: { type: NoPagination }
`);
    assert.deepEqual(keyHolder(model, ["streams", 0, "retriever", "paginator"]), ["definitions", "base", "retriever", "paginator"]);
    assert.deepEqual(keyHolder(model, ["streams", 1, "retriever", "paginator"]), ["streams", 1, "retriever", "paginator"]);
    assert.equal(keyHolder(model, ["streams", 0, "retriever", "requester"]), undefined);
  });
});
