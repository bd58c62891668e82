import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { topLevelBlocks } from "../../pure/yaml-top-level-blocks.js";

const slices = (text: string) => topLevelBlocks(text)?.map(({ start, end }) => text.slice(start, end));

describe("topLevelBlocks", () => {
  it("splits at each plain key at column 0; comments and blank lines stay in the block above", () => {
    const text = "# head\n\nversion: 6.0.0\ndefinitions:\n  a: 1\n# about streams\n\nstreams:\n  - name: a\n    x: >-\n      text\n";
    assert.deepEqual(slices(text), ["# head\n\nversion: 6.0.0\n", "definitions:\n  a: 1\n# about streams\n\n", "streams:\n  - name: a\n    x: >-\n      text\n"]);
    assert.deepEqual(slices("a: 1\nb: 2"), ["a: 1\n", "b: 2"], "the last line without a line break");
  });

  it("refuses a text with another line at column 0", () => {
    for (const text of ["---\na: 1\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n", "a:\n- 1\n", '"a b": 1\nc: 2\n', "a: 1\nb:c\n", "[1, 2]\n", ""]) {
      assert.equal(topLevelBlocks(text), undefined, JSON.stringify(text));
    }
  });
});
