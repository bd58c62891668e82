import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { BlockDocuments } from "../../../builder-ui/model/block-documents.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { writeValue } from "../../../builder-ui/model/model-edits.js";
import { SHARED_MANIFEST } from "../../core/builder/builder-support.js";

/** Every node's kind, range and scalar value, depth first: what the page's edits read from a document. */
function shape(node: unknown, out: unknown[] = []): unknown[] {
  if (isPair(node)) return shape(node.value, shape(node.key, out));
  if (!isNode(node)) return out;
  out.push([node.constructor.name, node.range, isScalar(node) ? node.value : undefined]);
  if (isMap(node) || isSeq(node)) for (const item of node.items) shape(item, out);
  return out;
}

const whole = (text: string) => parseDocument(text, { uniqueKeys: false, keepSourceTokens: false, lineCounter: new LineCounter() });
const EDITED = SHARED_MANIFEST.replace("    http_method: GET\n", "    http_method: GET\n    path: /v2 # new\n");

describe("the page's parse by top-level blocks", () => {
  it("assembles the document a whole parse gives: every node's kind, range and value", () => {
    const blocks = new BlockDocuments();
    for (const text of [SHARED_MANIFEST, EDITED, SHARED_MANIFEST]) {
      const assembled = blocks.assemble(text);
      assert.ok(assembled);
      assert.deepEqual(shape(assembled.document.contents), shape(whole(text).contents));
      assert.deepEqual(assembled.document.toJS(), whole(text).toJS());
    }
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
