import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyTextEdit, textEdit } from "../../pure/text-edit.js";

describe("textEdit and applyTextEdit", () => {
  it("find the one stretch that changed, and make it again", () => {
    const cases: Array<[string, string]> = [
      ["page_size: 50\n", "page_size: 100\n"],
      ["abc", "abc"],
      ["", "version: 6.0.0\n"],
      ["aaaa", "aa"],
      ["a: x\nb: y\n", "a: x\nc: z\nb: y\n"],
      ["café ☕ tea", "café ☕☕ tea"],
    ];
    for (const [before, after] of cases) {
      const edit = textEdit(before, after);
      assert.equal(applyTextEdit(before, edit), after, JSON.stringify([before, after]));
      assert.ok(edit.insert.length <= after.length && edit.end - edit.start <= before.length);
    }
    assert.deepEqual(textEdit("page_size: 50\n", "page_size: 75\n"), { start: 11, end: 13, insert: "75" });
    assert.deepEqual(textEdit("page_size: 50\n", "page_size: 100\n"), { start: 11, end: 12, insert: "10" }, "the common end is kept too");
    assert.deepEqual(textEdit("aaaa", "aa"), { start: 2, end: 4, insert: "" });
  });

  it("refuses an edit outside the text", () => {
    for (const edit of [{ start: -1, end: 0, insert: "" }, { start: 2, end: 1, insert: "" }, { start: 0, end: 9, insert: "" }, { start: 0.5, end: 1, insert: "" }]) {
      assert.equal(applyTextEdit("abcd", edit), undefined, JSON.stringify(edit));
    }
  });
});
