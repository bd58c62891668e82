import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { moduleCandidates } from "../../../core/loader/module-candidates.js";

const rel = (dir: string, files: string[]) => files.map((f) => f.slice(dir.length + 1));

test("a package module is tried as a file with each extension (then .py), then as a folder index (then __init__.py)", () => {
  const dir = join("/c", "acme");
  assert.deepEqual(rel(dir, moduleCandidates(dir, ["source_acme", "components"])), [
    "source_acme/components.ts",
    "source_acme/components.mts",
    "source_acme/components.js",
    "source_acme/components.mjs",
    "source_acme/components.py",
    "source_acme/components/index.ts",
    "source_acme/components/index.mts",
    "source_acme/components/index.js",
    "source_acme/components/index.mjs",
    "source_acme/components/__init__.py",
  ]);
});

test("source_declarative_manifest.components falls back to components next to the manifest", () => {
  const files = rel("/c/x", moduleCandidates("/c/x", ["source_declarative_manifest", "components"]));
  assert.equal(files[0], "source_declarative_manifest/components.ts");
  assert.equal(files[10], "components.ts");
  assert.equal(files[14], "components.py");
  assert.equal(files.length, 20);
});

test("a manifest inside its own source_<name> package finds the package's modules next to it", () => {
  const files = rel("/c/source_acme", moduleCandidates("/c/source_acme", ["source_acme", "components"]));
  assert.ok(files.includes("components.ts"));
  assert.ok(files.indexOf("source_acme/components.ts") < files.indexOf("components.ts"));
});

test("another connector's package name gets no fallback", () => {
  const files = rel("/c/source_acme", moduleCandidates("/c/source_acme", ["source_other", "components"]));
  assert.ok(!files.includes("components.ts"));
});
