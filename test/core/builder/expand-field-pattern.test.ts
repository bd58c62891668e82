import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandFieldPattern } from "../../../core/builder/expand-field-pattern.js";

describe("expandFieldPattern", () => {
  const resolved = { streams: [{ transformations: [{}, {}] }, { transformations: { type: "AddFields" } }, {}] };

  it("expands every [*] into the indices of the list there", () => {
    assert.deepEqual(expandFieldPattern(resolved, "streams[*].transformations[*].type"), ["streams[0].transformations[0].type", "streams[0].transformations[1].type"]);
  });

  it("gives one path per stream for streams[*], and the path itself without a [*]", () => {
    assert.deepEqual(expandFieldPattern(resolved, "streams[*].name"), ["streams[0].name", "streams[1].name", "streams[2].name"]);
    assert.deepEqual(expandFieldPattern(resolved, "spec.connection_specification"), ["spec.connection_specification"]);
  });

  it("gives nothing where the place is not a list", () => {
    assert.deepEqual(expandFieldPattern({ streams: {} }, "streams[*].name"), []);
  });
});
