import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keyCompletionAt } from "../../../builder-ui/model/key-completion.js";

const FIELDS = { HttpRequester: ["url_base", "path", "http_method"], DeclarativeStream: ["name", "retriever"], RecordSelector: ["extractor"] };

describe("key completion in the YAML view", () => {
  it("offers the fields of the component whose type is written above the cursor", () => {
    const lines = ["definitions:", "  requester:", "    type: HttpRequester", "    url_base: x", "    pa"];
    assert.deepEqual(keyCompletionAt(lines, 4, FIELDS), { from: 4, fields: FIELDS.HttpRequester });
  });

  it("finds a type written below the cursor, and stays inside the mapping", () => {
    const lines = ["streams:", "  - na", "    type: DeclarativeStream", "    retriever:", "      record_selector:", "        type: RecordSelector", "        ex"];
    assert.deepEqual(keyCompletionAt(lines, 1, FIELDS)?.fields, FIELDS.DeclarativeStream);
    assert.deepEqual(keyCompletionAt(lines, 6, FIELDS)?.fields, FIELDS.RecordSelector);
  });

  it("does not take the type of the previous list item or of the parent", () => {
    const lines = ["streams:", "  - type: DeclarativeStream", "    name: a", "  - na", "retriever:", "  type: SimpleRetriever", "  requester:", "    pa"];
    assert.equal(keyCompletionAt(lines, 3, FIELDS), undefined);
    assert.equal(keyCompletionAt(lines, 7, FIELDS), undefined);
  });

  it("offers nothing after a colon (a value is being typed) or for an unknown type", () => {
    assert.equal(keyCompletionAt(["a:", "  type: HttpRequester", "  path: /x"], 2, FIELDS), undefined);
    assert.equal(keyCompletionAt(["a:", "  type: Nope", "  pa"], 2, FIELDS), undefined);
  });
});
