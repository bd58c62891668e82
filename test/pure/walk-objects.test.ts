import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { renderPath } from "../../pure/manifest-path.js";
import { walkObjects } from "../../pure/walk-objects.js";

describe("walkObjects", () => {
  it("enters each object depth first with its path, through lists, only into the keys it is told", () => {
    const seen: string[] = [];
    walkObjects({ a: [{ b: { c: 1 } }, 2, { "odd key": {} }], skip: { inner: {} } }, (object, path) => {
      seen.push(renderPath(path));
      return (key) => key !== "skip";
    });
    assert.deepEqual(seen, ["", "a[0]", "a[0].b", "a[2]", 'a[2]["odd key"]']);
  });

  it("goes no further into an object that answers false", () => {
    const seen: string[] = [];
    walkObjects({ a: { b: {} } }, (object, path) => {
      seen.push(renderPath(path));
      return path.length === 0 && ((): boolean => true);
    });
    assert.deepEqual(seen, ["", "a"]);
  });
});
