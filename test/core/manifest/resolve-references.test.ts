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

  it("names the place of an error inside a $ref's target, an override and a list, as it walked there", () => {
    const paths = (manifest: Record<string, unknown>) => {
      try {
        resolveReferences(manifest);
      } catch (error) {
        return (error as ManifestError).where.manifestPath;
      }
      return "no error";
    };
    // Written before `definitions`, so the walk reaches the target through the stream first.
    assert.equal(paths({ streams: [{ requester: { $ref: "#/definitions/r" } }], definitions: { r: { auth: "#/definitions/gone" } } }), "streams[0].requester.$ref.auth");
    assert.equal(paths({ definitions: { r: {} }, streams: [{}, { requester: { $ref: "#/definitions/r", "odd key": ["#/definitions/gone"] } }] }), 'streams[1].requester["odd key"][0]');
    assert.equal(paths({ s: { x: "#/definitions/r" }, definitions: { r: { $ref: "#/definitions/r" } } }), "s.x.$ref");
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

describe("resolveReferences against a $ref expansion bomb", () => {
  /** 4 KB: 12 levels of definitions, each using the previous one 10 times (10^12 nodes when expanded). */
  function bomb(): Record<string, unknown> {
    const definitions: Record<string, unknown> = { l0: { type: "RecordSelector", field: "x" } };
    for (let level = 1; level <= 12; level++) {
      definitions[`l${level}`] = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`r${i}`, { $ref: `#/definitions/l${level - 1}` }]));
    }
    return { version: "6.0.0", definitions, streams: [{ $ref: "#/definitions/l12" }] };
  }

  it("fails with MANIFEST_TOO_LARGE naming the file and a path, instead of running out of memory", { timeout: 120_000 }, () => {
    const manifest = bomb();
    assert.ok(JSON.stringify(manifest).length < 5_000);
    assert.throws(
      () => resolveReferences(manifest, "bomb.yaml"),
      (error: unknown) => {
        assert.ok(error instanceof ManifestError);
        assert.equal(error.code, "MANIFEST_TOO_LARGE");
        assert.equal(error.where.file, "bomb.yaml");
        assert.match(error.where.manifestPath ?? "", /^definitions\.l\d+\.r\d/);
        return true;
      },
    );
    // A sanity guard, not a performance test: unbounded, this ran out of memory after 83 s.
  });

  it("fails with MANIFEST_TOO_LARGE on a chain of references nested past the depth limit", () => {
    const definitions: Record<string, unknown> = { d0: { leaf: 1 } };
    for (let i = 1; i <= 40; i++) definitions[`d${i}`] = { inner: { $ref: `#/definitions/d${i - 1}` } };
    assert.throws(() => resolveReferences({ definitions, s: "#/definitions/d40" }, undefined, { maxDepth: 20 }), { code: "MANIFEST_TOO_LARGE" });
    assert.doesNotThrow(() => resolveReferences({ definitions, s: "#/definitions/d40" }));
  });
});
