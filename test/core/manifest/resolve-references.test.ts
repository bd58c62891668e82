import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { resolveReferences } from "../../../core/manifest/resolve-references.js";
import { ManifestError } from "../../../sdk/index.js";

describe("resolveReferences", () => {
  it("replaces a '#/definitions/...' string by the object it points to", () => {
    const out = resolveReferences({ definitions: { r: { url_base: "https://x" } }, s: { requester: "#/definitions/r" } });
    assert.deepEqual((out.s as Record<string, unknown>).requester, { url_base: "https://x" });
  });

  it("merges $ref with sibling overrides, the siblings winning", () => {
    const out = resolveReferences({ definitions: { r: { url_base: "https://x", path: "/a" } }, s: { $ref: "#/definitions/r", path: "/b" } });
    assert.deepEqual(out.s, { url_base: "https://x", path: "/b" });
  });

  it("follows chained references", () => {
    const out = resolveReferences({ definitions: { a: { x: 1 }, b: { $ref: "#/definitions/a", y: 2 } }, s: "#/definitions/b" });
    assert.deepEqual(out.s, { x: 1, y: 2 });
  });

  it("reports a reference to nothing with the path where it was found and the keys that exist", () => {
    assert.throws(
      () => resolveReferences({ definitions: { requester: {} }, streams: [{ retriever: { requester: "#/definitions/requestr" } }] }, "m.yaml"),
      (error: unknown) => {
        assert.ok(error instanceof ManifestError);
        assert.equal(error.code, "MANIFEST_REFERENCE");
        assert.equal(error.where.manifestPath, "streams[0].retriever.requester");
        assert.equal(error.where.file, "m.yaml");
        assert.match(error.found ?? "", /requester/);
        return true;
      },
    );
  });

  it("reports a circular reference instead of recursing forever", () => {
    assert.throws(() => resolveReferences({ definitions: { a: { $ref: "#/definitions/b" }, b: { $ref: "#/definitions/a" } }, s: "#/definitions/a" }), /Circular reference/);
  });
  it("resolves a bare $ref to a list", () => {
    const out = resolveReferences({ definitions: { keys: ["id", "date"] }, s: { primary_key: { $ref: "#/definitions/keys" } } });
    assert.deepEqual((out.s as Record<string, unknown>).primary_key, ["id", "date"]);
  });
});
