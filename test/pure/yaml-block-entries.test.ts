import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { blockEntries } from "../../pure/yaml-block-entries.js";

const slices = (source: string) => {
  const split = blockEntries(source);
  return split && { kind: split.kind, header: source.slice(0, split.headerEnd), entries: split.entries.map(({ start, end }) => source.slice(start, end)) };
};

describe("blockEntries", () => {
  it("splits a block sequence at each item; the lines under an item and comments stay with it", () => {
    const source = "streams:\n  # first\n  - name: a\n    x: >-\n      text\n\n# about b\n  - name: b\n  -\n    name: c\n";
    assert.deepEqual(slices(source), {
      kind: "seq",
      header: "streams:\n",
      entries: ["  # first\n  - name: a\n    x: >-\n      text\n\n# about b\n", "  - name: b\n", "  -\n    name: c\n"],
    });
  });

  it("splits a block mapping at each key; a sequence at a key's own indentation belongs to it", () => {
    const source = "definitions:\n    base:\n      a: 1\n    list:\n    - 1\n    - 2\n    last: 3";
    assert.deepEqual(slices(source), { kind: "map", header: "definitions:\n", entries: ["    base:\n      a: 1\n", "    list:\n    - 1\n    - 2\n", "    last: 3"] });
  });

  it("splits an entry of a block mapping, whose key is indented; one item is enough", () => {
    assert.deepEqual(slices("  streams:\n    a:\n      x: 1\n    b: 2\n"), { kind: "map", header: "  streams:\n", entries: ["    a:\n      x: 1\n", "    b: 2\n"] });
    assert.deepEqual(slices("  list:\n  - 1\n  - 2\n"), { kind: "seq", header: "  list:\n", entries: ["  - 1\n", "  - 2\n"] }, "a sequence at its key's indentation");
    assert.deepEqual(slices("definitions:\n  streams:\n    a: 1\n"), { kind: "map", header: "definitions:\n", entries: ["  streams:\n    a: 1\n"] });
    assert.deepEqual(slices("  # typed here\n\n  streams:\n    a: 1\n"), { kind: "map", header: "  # typed here\n\n  streams:\n", entries: ["    a: 1\n"] }, "comment lines above the key stay with it");
  });

  it("refuses a block it cannot split", () => {
    const refused = [
      "streams: # comment\n  - a\n  - b\n", // a comment on the key's line
      "streams: []\n", // a value on the key's line
      "  streams:\n  a: 1\n  b: 2\n", // a mapping not indented more than its key
      "  streams:\n - a\n", // items indented less than their key
      "streams:\n    - a\n  - b\n", // an item less indented than the first
      "streams:\n  - a\n  b: 1\n", // a key among sequence items
      "definitions:\n  a: 1\n  \"b c\": 2\n", // a quoted key
      "definitions:\n  a: 1\n  text without a colon\n", // neither item nor key
      "definitions:\n\t a: 1\n\t b: 2\n", // a tab in the indentation
      "streams\n  - a\n  - b\n", // not a key
      "streams:", // nothing under it
    ];
    for (const source of refused) assert.equal(blockEntries(source), undefined, JSON.stringify(source));
  });
});
