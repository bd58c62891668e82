import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LineCounter, parseDocument } from "yaml";
import { BlockDocuments } from "../../../builder-ui/model/block-documents.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { writeValue } from "../../../builder-ui/model/model-edits.js";
import { shape } from "../../../scripts/builder-round-trip/incremental-parse-check.js";
import { SHARED_MANIFEST } from "../../core/builder/builder-support.js";

const whole = (text: string) => parseDocument(text, { uniqueKeys: false, keepSourceTokens: false, lineCounter: new LineCounter() });
/** Each text, assembled by one BlockDocuments in turn, is the document a whole parse gives: every node's kind, range and value, and the plain data. */
function assertAssembledAsWhole(blocks: BlockDocuments, texts: readonly string[]): void {
  for (const text of texts) {
    const assembled = blocks.assemble(text);
    assert.ok(assembled);
    assert.deepEqual(shape(assembled.document.contents), shape(whole(text).contents));
    assert.deepEqual(assembled.document.toJS(), whole(text).toJS());
  }
}

const EDITED = SHARED_MANIFEST.replace("    http_method: GET\n", "    http_method: GET\n    path: /v2 # new\n");

describe("the page's parse by top-level blocks", () => {
  it("assembles the document a whole parse gives: every node's kind, range and value", () => {
    assertAssembledAsWhole(new BlockDocuments(), [SHARED_MANIFEST, EDITED, SHARED_MANIFEST]);
  });

  it("keeps the nodes of a block an edit above moved, at their new place", () => {
    const blocks = new BlockDocuments();
    const spec = (text: string) => (blocks.assemble(text)!.document.contents as { items: Array<{ key: { value: string } }> }).items.find((p) => p.key.value === "spec")!;
    const before = spec(SHARED_MANIFEST);
    const after = spec(EDITED);
    assert.equal(after, before, "the same pair: not parsed again");
    assert.deepEqual((after.key as unknown as { range: number[] }).range[0], EDITED.indexOf("\nspec:") + 1);
  });

  it("parses whole a text a block alone could read differently", () => {
    const blocks = new BlockDocuments();
    for (const text of ["a: &x 1\nb: *x\n", "---\na: 1\nb: 2\n", "a:\n- 1\nb: 2\n", "a: [1\nb: 2\n", '{"a": 1,\n"b": 2}']) assert.equal(blocks.assemble(text), undefined, text);
  });
});

/** A stream of about 700 characters, with a comment above it and a trailing comment at the list's indentation. */
const stream = (i: number, indent = "  ") =>
  `${indent}# stream ${i}\n${indent}- type: DeclarativeStream\n${indent}  name: items_${i}\n${indent}  description: |\n${indent}    Items, part ${i}.\n\n${indent}    Second paragraph.\n` +
  `${indent}  retriever:\n${indent}    type: SimpleRetriever\n${indent}    requester: { $ref: "#/definitions/requester", path: /items/${i} }\n` +
  `${indent}  schema_loader:\n${indent}    type: InlineSchemaLoader\n${indent}    schema:\n${indent}      type: object\n${indent}      properties:\n${indent}        id: { type: integer }\n${indent}        name:\n${indent}          type:\n${indent}          - string\n${indent}          - "null"\n`;
/** A manifest whose streams: block, and the streams under definitions: > streams:, are large enough to be assembled from their entries. */
const LARGE =
  `version: 6.0.0\ndefinitions:\n  requester:\n    type: HttpRequester\n    url_base: https://api.acme.com\n  streams:\n${Array.from({ length: 15 }, (_, i) => stream(i, "    ").replace(/^ {4}# .*\n {4}- type/, `    stream_${i}:\n      type`).replace(/^ {6}/gm, "      ")).join("")}` +
  `streams:\n${Array.from({ length: 20 }, (_, i) => stream(i)).join("")}  # the last comment\n\ncheck:\n  type: CheckStream\n  stream_names: [items_0]\n`;

describe("the page's parse of a large block, entry by entry", () => {
  it("assembles the document a whole parse gives, before and after edits in and above the entries", () => {
    const blocks = new BlockDocuments();
    const texts = [
      LARGE,
      LARGE.replace("path: /items/3 }\n", "path: /items/3/all, http_method: POST }\n"),
      LARGE.replace("url_base: https://api.acme.com\n", "url_base: https://api.acme.com/v2\n"),
      LARGE.replace("  # the last comment\n", `${stream(20)}`),
      LARGE,
    ];
    assertAssembledAsWhole(blocks, texts);
  });

  it("keeps an entry an edit above moved, and an older document knows it no longer holds its text's places", () => {
    const blocks = new BlockDocuments();
    const tenth = (text: string) => (blocks.assemble(text)!.document.getIn(["streams", 10], true) as unknown);
    const first = blocks.assemble(LARGE)!;
    const before = first.document.getIn(["streams", 10], true);
    const edited = LARGE.replace("path: /items/3 }\n", "path: /items/3/all }\n");
    const after = tenth(edited);
    assert.equal(after, before, "the same node: not parsed again");
    assert.equal((after as { range: number[] }).range[0], edited.indexOf("type: DeclarativeStream\n    name: items_10"));
    assert.equal(first.current(), false, "the first document's entries were moved");
  });
});

describe("ManifestModel parsed by blocks", () => {
  it("a model an edit superseded still reads and edits its own text", () => {
    const old = ManifestModel.parse(SHARED_MANIFEST);
    const newer = ManifestModel.parse(EDITED);
    // The newer parse moved the blocks under definitions: the old model parses its text again.
    assert.equal(old.lineOf(["spec", "type"]), SHARED_MANIFEST.split("\n").indexOf("  type: Spec") + 1);
    assert.equal(newer.lineOf(["spec", "type"]), EDITED.split("\n").indexOf("  type: Spec") + 1);
    assert.equal(old.setIn(["check", "stream_names", 0], "orders").text, SHARED_MANIFEST.replace("stream_names: [users]", "stream_names: [orders]"));
  });

  it("gives the manifest as plain data, the same as the whole text's", () => {
    const model = ManifestModel.parse(SHARED_MANIFEST);
    assert.deepEqual(model.plainData(), whole(SHARED_MANIFEST).toJS());
    const edited = ManifestModel.parse(`${EDITED}version: 7.0.0\n`);
    assert.deepEqual(edited.plainData(), whole(`${EDITED}version: 7.0.0\n`).toJS());
    assert.deepEqual(Object.keys(edited.plainData() as object), Object.keys(whole(`${EDITED}version: 7.0.0\n`).toJS() as object));
  });

  it("an edit through the Document API keeps the comments above the first key and between top-level keys", () => {
    // A key added to a flow map is serialized by the Document API; an assembled document has no comment outside its blocks' nodes.
    const text = "# head comment\n\nversion: 1\n# between\n\nb: { c: 1 }\nd:\n  e: 1 # trailing\n";
    const edited = writeValue(ManifestModel.parse(text), ["b", "x"], { a: 1 });
    assert.equal(edited.text, "# head comment\n\nversion: 1\n# between\n\nb: {c: 1, x: {a: 1}}\nd:\n  e: 1 # trailing\n");
  });
});
