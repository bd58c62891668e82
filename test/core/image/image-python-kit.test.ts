/**
 * The Sluice package `sluice image` stages carries python-kit/ (the Python components' package) without
 * the bytecode caches a clone's python-kit/ gets once its Python has run.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { stageImageContext } from "../../../core/image/stage-image-context.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");

/** Writes `files` (path: text) under `dir`. */
function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

describe("sluice image stages python-kit/", () => {
  const work = mkdtempSync(join(tmpdir(), "sluice-image-python-kit-"));
  after(() => rmSync(work, { recursive: true, force: true }));

  it("with its modules and without __pycache__", () => {
    const installed = join(work, "sluice");
    write(installed, {
      "package.json": '{"name": "sluice"}',
      "bin/sluice.js": "",
      "dist/core/index.js": "",
      "python-kit/sluice_bridge/__main__.py": "",
      "python-kit/sluice_bridge/__pycache__/__main__.cpython-311.pyc": "\u0000",
      "python-kit/airbyte_cdk/__pycache__/__init__.cpython-311.pyc": "\u0000",
      "python-kit/airbyte_cdk/__init__.py": "",
    });
    const connector = join(work, "source-py");
    write(connector, { "manifest.yaml": "version: 6.0.0\ntype: DeclarativeSource\nstreams: []\n", "components.py": "class Rows: pass\n" });
    const context = stageImageContext(connector, { kind: "installed", root: installed }, ROOT);
    try {
      const kit = join(context.dir, "sluice", "python-kit");
      assert.ok(existsSync(join(kit, "sluice_bridge", "__main__.py")));
      assert.ok(existsSync(join(kit, "airbyte_cdk", "__init__.py")));
      assert.ok(!existsSync(join(kit, "sluice_bridge", "__pycache__")), "a bytecode cache was staged");
      assert.ok(!existsSync(join(kit, "airbyte_cdk", "__pycache__")), "a bytecode cache was staged");
      assert.ok(existsSync(join(context.dir, "connector", "components.py")));
    } finally {
      context.remove();
    }
  });
});
