import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isIsoDurationText } from "../../pure/iso-duration-pattern.js";
import { isJsonObject } from "../../pure/json-object.js";
import { pointerKeys } from "../../pure/json-pointer.js";
import { joinPath, pointerToPath, renderPath, splitPath } from "../../pure/manifest-path.js";

describe("pointerKeys", () => {
  it("decodes ~1 to a slash and ~0 to a tilde, in that order", () => {
    assert.deepEqual(pointerKeys("#/definitions/a~1b/c~0d/~01"), ["definitions", "a/b", "c~d", "~1"]);
  });

  it("reads a pointer with or without the fragment's #, and the whole document as no keys", () => {
    assert.deepEqual(pointerKeys("/streams/0"), ["streams", "0"]);
    assert.deepEqual(pointerKeys("#"), []);
    assert.deepEqual(pointerKeys(""), []);
    assert.deepEqual(pointerKeys("#/"), [""]);
  });
});

describe("manifest paths", () => {
  it("quotes a key that is not an identifier the same way everywhere", () => {
    assert.equal(renderPath(["headers", "my-field"]), 'headers["my-field"]');
    assert.equal(joinPath("headers", "my-field"), 'headers["my-field"]');
    assert.equal(renderPath(["streams", 0, "name"]), "streams[0].name");
    assert.equal(renderPath(["my-field"]), '["my-field"]');
  });

  it("splits what it renders back into the same segments", () => {
    const segments = ["streams", 1, "odd key", "a/b"];
    assert.deepEqual(splitPath(renderPath(segments)), segments);
  });

  it("turns a JSON pointer into a path, decoding its escapes", () => {
    assert.equal(pointerToPath("", "#/definitions/a~1b/0"), 'definitions["a/b"][0]');
    assert.equal(pointerToPath("spec", ""), "spec");
  });
});

describe("isIsoDurationText", () => {
  it("accepts the durations the engine parses", () => {
    for (const text of ["P1D", "PT1H", "P1DT12H", "-P1D", "PT0,5S", "P1.5Y"]) assert.ok(isIsoDurationText(text), text);
  });

  it("refuses an empty duration or a T with nothing after it", () => {
    for (const text of ["P", "-P", "PT", "P1DT", "1D", "P1H"]) assert.ok(!isIsoDurationText(text), text);
  });
});

describe("isJsonObject", () => {
  it("is true for a plain object only: not null, an array, a string or a number", () => {
    assert.deepEqual([{}, { id: 1 }, Object.create(null)].map(isJsonObject), [true, true, true]);
    assert.deepEqual([null, undefined, [], [1], "{}", 1, true].map(isJsonObject), [false, false, false, false, false, false, false]);
  });
});
