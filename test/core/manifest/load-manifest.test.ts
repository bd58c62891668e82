import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { loadManifest } from "../../../core/manifest/load-manifest.js";
import { ManifestError } from "../../../sdk/index.js";

const root = mkdtempSync(join(tmpdir(), "sluice-load-"));
after(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe("loadManifest", () => {
  it("finds a plain manifest.yaml in the folder", async () => {
    const dir = folder("plain", { "manifest.yaml": "version: 6.0.0\nstreams: []\n" });
    const loaded = await loadManifest({ searchFrom: dir });
    assert.equal(loaded.file, join(dir, "manifest.yaml"));
    assert.deepEqual(loaded.manifest.streams, []);
  });

  it("prefers a .sluicerc.yaml that points to a manifest and lists plugins", async () => {
    const dir = folder("rc", { ".sluicerc.yaml": "manifest: ./connector/m.json\nplugins: [./my-plugin.js]\n" });
    folder("rc/connector", { "m.json": JSON.stringify({ version: "6.0.0", streams: [{ name: "a" }] }) });
    const loaded = await loadManifest({ searchFrom: dir });
    assert.equal(loaded.file, join(dir, "connector", "m.json"));
    assert.equal(loaded.dir, join(dir, "connector"));
    assert.deepEqual(loaded.plugins, ["./my-plugin.js"]);
    assert.equal(loaded.pluginBase, dir);
  });

  it("reads a manifest from package.json#sluice", async () => {
    const dir = folder("pkg", { "package.json": JSON.stringify({ name: "x", sluice: { version: "6.0.0", streams: [] } }) });
    const loaded = await loadManifest({ searchFrom: dir });
    assert.deepEqual(loaded.manifest, { version: "6.0.0", streams: [] });
  });

  it("loads a sluice.config.ts through tsx", async () => {
    const dir = folder("ts", { "sluice.config.ts": "const streams: unknown[] = [];\nexport default { version: '6.0.0', streams };\n" });
    const loaded = await loadManifest({ searchFrom: dir });
    assert.deepEqual(loaded.manifest.streams, []);
  });

  it("says where it looked when there is no manifest", async () => {
    const dir = folder("empty", {});
    const error = await loadManifest({ searchFrom: dir }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.equal(error.code, "MANIFEST_NOT_FOUND");
    assert.match(error.expected ?? "", /manifest\.yaml/);
  });

  it("gives the file, line and column of a YAML syntax error", async () => {
    const dir = folder("broken", { "m.yaml": "version: 6.0.0\nstreams:\n  - name: [unclosed\n" });
    const error = await loadManifest({ path: join(dir, "m.yaml") }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.equal(error.code, "MANIFEST_PARSE");
    assert.match(error.where.file ?? "", /m\.yaml:\d+:\d+$/);
  });
});
