import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { removeKey, writeValue } from "../../../builder-ui/model/model-edits.js";
import { choosePaginationMethod, togglePagination, type PaginationFieldAt } from "../../../builder-ui/model/pagination-edits.js";
import { addStream, removeStream, writeList } from "../../../builder-ui/model/stream-edits.js";
import { splitPath } from "../../../pure/manifest-path.js";
import { fieldOrigin } from "../../../core/manifest/field-origin.js";
import { SourcePositions } from "../../../core/manifest/source-positions.js";
import { valueAtPath } from "../../../python/dpath.js";

/**
 * Written as people write manifests, not as the yaml library would: 4-space indentation, lists not
 * indented under their key, comments, single quotes, flow maps. A structural edit must keep all of it.
 */
const MANIFEST = `# Acme, written by hand
version: '6.0.0'
type: DeclarativeSource
definitions:
    requester:
        type: HttpRequester
        url_base: 'https://api.acme.com'   # the API
        http_method: GET
streams:
-   type: DeclarativeStream
    name: users # people
    retriever:
        type: SimpleRetriever
        requester:
            $ref: "#/definitions/requester"
            path: /users
        paginator:
            type: DefaultPaginator
            pagination_strategy:
                type: OffsetIncrement   # by offset
                page_size: 50
            page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: limit }
            page_token_option:
                type: RequestOption
                inject_into: request_parameter
                field_name: offset
        record_selector:
            type: RecordSelector
            extractor: { type: DpathExtractor, field_path: [data] }
-   type: DeclarativeStream
    name: teams
    retriever:
        type: SimpleRetriever
        requester:
            $ref: "#/definitions/requester"
            path: /teams # teams, no pages
        record_selector:
            type: RecordSelector
            extractor: { type: DpathExtractor, field_path: [] }

check: { type: CheckStream, stream_names: [users, teams] }   # both
`;

/** The text is `before` with `removed` (written once in it) taken out: every other byte the same. */
function assertRemoved(before: string, after: string, removed: string): void {
  const at = before.indexOf(removed);
  assert.ok(at >= 0 && before.indexOf(removed, at + 1) < 0, `the removed text is at one place: ${JSON.stringify(removed)}`);
  assert.equal(after, before.slice(0, at) + before.slice(at + removed.length));
}

/** The lines `after` has after the line `anchor` (written once in `before`), and nothing else changed. */
function insertedAfter(before: string, after: string, anchor: string): string {
  const at = before.indexOf(anchor) + anchor.length;
  assert.ok(at >= anchor.length && before.indexOf(anchor, at) < 0, `the anchor is at one place: ${JSON.stringify(anchor)}`);
  const inserted = after.slice(at, at + after.length - before.length);
  assert.equal(after, before.slice(0, at) + inserted + before.slice(at), "every other byte the same");
  return inserted;
}

/** The last line of the streams (the teams stream's record selector). */
const LAST_STREAM_LINE = "            extractor: { type: DpathExtractor, field_path: [] }\n";

/** The section's fields of stream `index`, as the server's analysis gives them: resolved value and written place. */
function fieldsOf(text: string, index: number): PaginationFieldAt {
  const positions = SourcePositions.parse(text);
  // The streams of this manifest resolve by hand: the $ref'd requester is not under the paginator.
  const manifest = parse(text) as Record<string, unknown>;
  return (path: string) => {
    const concrete = path.replace("streams[*]", `streams[${index}]`);
    const origin = fieldOrigin(positions, concrete);
    return { value: valueAtPath(manifest, splitPath(concrete)), origin: { segments: origin.segments } };
  };
}

describe("the Builder's structural edits change only their own lines", () => {
  it("adds a stream after the last one, at the list's indentation, leaving every other byte", () => {
    const after = addStream(ManifestModel.parse(MANIFEST), { name: "orders", path: "/orders" });
    const inserted = insertedAfter(MANIFEST, after.text, LAST_STREAM_LINE);
    assert.ok(inserted.startsWith("-   type: DeclarativeStream\n    name: orders\n    retriever:\n        type: SimpleRetriever\n"), `a list item written like the others:\n${inserted}`);
    const streams = after.valueAt(["streams"]) as Array<{ name: string; retriever: { requester: Record<string, unknown> } }>;
    assert.deepEqual([streams.length, streams[2]!.name, streams[2]!.retriever.requester], [3, "orders", { $ref: "#/definitions/requester", path: "/orders" }]);
  });

  it("adds the first stream in place of an empty flow list", () => {
    const text = "version: 6.0.0 # v6\nstreams: []\ncheck: { type: CheckStream, stream_names: [] }\n";
    const after = addStream(ManifestModel.parse(text), { name: "users", path: "/users" });
    assert.ok(after.text.startsWith("version: 6.0.0 # v6\nstreams:\n  - type: DeclarativeStream\n    name: users\n"), after.text);
    assert.ok(after.text.endsWith("\ncheck: { type: CheckStream, stream_names: [] }\n"));
    assert.equal((after.valueAt(["streams", 0, "retriever", "requester"]) as { path: string }).path, "/users");
  });

  it("turns pagination off by removing the paginator's lines only", () => {
    const after = togglePagination(ManifestModel.parse(MANIFEST), { stream: 0, on: false, name: "users", at: fieldsOf(MANIFEST, 0) });
    const paginator = MANIFEST.slice(MANIFEST.indexOf("        paginator:\n"), MANIFEST.indexOf("        record_selector:\n"));
    assertRemoved(MANIFEST, after.text, paginator);
    assert.equal(after.kindAt(["streams", 0, "retriever", "paginator"]), "absent");
  });

  it("turns pagination on by adding a paginator after the retriever's last key, in the file's indentation", () => {
    const after = togglePagination(ManifestModel.parse(MANIFEST), { stream: 1, on: true, name: "teams", at: fieldsOf(MANIFEST, 1) });
    const inserted = insertedAfter(MANIFEST, after.text, LAST_STREAM_LINE);
    assert.ok(inserted.startsWith("        paginator:\n            type: DefaultPaginator\n            pagination_strategy:\n                type: OffsetIncrement\n"), inserted);
    assert.deepEqual(after.valueAt(["streams", 1, "retriever", "paginator", "pagination_strategy"]), { type: "OffsetIncrement" });
  });

  it("turns pagination off as NoPagination where removing the key would let the stream inherit a paginator, or break a reference", () => {
    const text = `definitions:
  retriever:
    type: SimpleRetriever
    paginator: { type: DefaultPaginator, pagination_strategy: { type: PageIncrement, page_size: 10 } }
  users:
    type: DeclarativeStream
    retriever:
      $ref: "#/definitions/retriever"
      paginator: { type: DefaultPaginator, pagination_strategy: { type: OffsetIncrement, page_size: 10 } } # own
streams:
  - "#/definitions/users"
  - type: DeclarativeStream
    retriever:
      type: SimpleRetriever
      paginator: "#/definitions/retriever/paginator"
`;
    const off = togglePagination(ManifestModel.parse(text), { stream: 0, on: false, name: "users", at: fieldsOf(text, 0) });
    assert.equal(off.text, text.replace("{ type: DefaultPaginator, pagination_strategy: { type: OffsetIncrement, page_size: 10 } } # own", "{ type: NoPagination } # own"));
    const shared = togglePagination(ManifestModel.parse(text), { stream: 1, on: false, name: "b", at: fieldsOf(text, 1) });
    assert.equal(shared.text, text.replace('      paginator: "#/definitions/retriever/paginator"\n', ""), "the stream's own reference is removed; the definition it names stays");
  });

  it("turns pagination on where the stream's paginator key is written: a reference to a shared NoPagination is replaced, the definition kept", () => {
    const text = `definitions:
  none: { type: NoPagination }
streams:
  - type: DeclarativeStream
    retriever:
      type: SimpleRetriever
      paginator: "#/definitions/none"
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
`;
    const on = togglePagination(ManifestModel.parse(text), { stream: 0, on: true, name: "users", at: fieldsOf(text, 0) });
    assert.equal(on.valueAt(["definitions", "none", "type"]), "NoPagination");
    assert.equal(on.valueAt(["streams", 0, "retriever", "paginator", "type"]), "DefaultPaginator");
    assert.ok(on.text.endsWith("      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }\n"));
  });

  it("changes the pagination method by rewriting the strategy and the injections that change, nothing else", () => {
    const model = ManifestModel.parse(MANIFEST);
    const after = choosePaginationMethod(model, { next: "PageIncrement", method: "OffsetIncrement", name: "users", at: fieldsOf(MANIFEST, 0) });
    const strategy = "                type: OffsetIncrement   # by offset\n                page_size: 50\n";
    const sizeOption = "{ type: RequestOption, inject_into: request_parameter, field_name: limit }";
    const expected = MANIFEST.replace(strategy, "                type: PageIncrement\n")
      .replace(sizeOption, "{ type: RequestOption, inject_into: request_parameter, field_name: page_size }") // a flow map stays one
      .replace("                field_name: offset\n", "                field_name: page\n");
    assert.equal(after.text, expected);
    assert.deepEqual(after.valueAt(["streams", 0, "retriever", "paginator", "page_size_option"]), { type: "RequestOption", inject_into: "request_parameter", field_name: "page_size" });
  });

  it("removes a stream's lines and its name from a flow list, in place", () => {
    const after = removeStream(ManifestModel.parse(MANIFEST), 1);
    const teams = MANIFEST.slice(MANIFEST.indexOf("-   type: DeclarativeStream\n    name: teams"), MANIFEST.indexOf("\ncheck:"));
    assert.equal(after.text, MANIFEST.replace(teams, "").replace("stream_names: [users, teams]", "stream_names: [users]"));
  });

  it("writes a block list, a new key/value row and a new scalar key in place of the Document API", () => {
    const text = "# keep\nstreams:\n  - name: a\n    primary_key:\n      - id\n    requester:\n      request_parameters:\n        per_page: '50' # most\n";
    const model = ManifestModel.parse(text);
    assert.equal(writeList(model, ["streams", 0, "primary_key"], ["id", "day"]).text, text.replace("primary_key:\n      - id\n", "primary_key: [id, day]\n"));
    assert.equal(model.setIn(["streams", 0, "requester", "request_parameters", "sort"], "asc").text, `${text}        sort: asc\n`);
    assert.equal(model.setIn(["streams", 0, "requester", "path"], "/a").text, `${text}      path: /a\n`);
  });

  it("falls back to the Document API only where the text cannot take a splice, still reading as intended", () => {
    const flow = ManifestModel.parse("a: { b: 1 }\n");
    assert.deepEqual(writeValue(flow, ["a", "c"], { d: 2 }).valueAt(["a"]), { b: 1, c: { d: 2 } });
    const only = ManifestModel.parse("a:\n  b: 1\nc: 2 # kept\n");
    assert.equal(removeKey(only, ["a", "b"]).text, "a: {}\nc: 2 # kept\n", "a block map left empty reads {}, not null");
    assert.equal(removeKey(ManifestModel.parse("a:\n  - 1\nc: 2\n"), ["a", 0]).text, "a: []\nc: 2\n");
    assert.equal(removeKey(ManifestModel.parse("a: { b: 1, c: 2 } # x\n"), ["a", "b"]).text, "a: { c: 2 } # x\n");
    assert.equal(removeKey(ManifestModel.parse("a: { b: 1, c: 2 } # x\n"), ["a", "c"]).text, "a: { b: 1 } # x\n");
  });
});
