import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { parse } from "yaml";
import { createSluice } from "../../../core/index.js";
import { parseManifestSource, parseManifestText } from "../../../core/manifest/parse-manifest-text.js";
import { Logger, ManifestError } from "../../../sdk/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-json-manifest-"));
after(() => rmSync(dir, { recursive: true, force: true }));

async function parseError(text: string): Promise<ManifestError> {
  const error = await parseManifestText(text, "m.json").catch((e: unknown) => e);
  assert.ok(error instanceof ManifestError, String(error));
  return error;
}

describe("parseManifestText on JSON (read with JSON.parse, without the yaml package)", () => {
  it("gives what the YAML parser gives for the same JSON", async () => {
    const text = '{"version": "6.0.0", "a": 1, "a": 2, "s": "caf\\u00e9 \\ud83d\\ude00 \\/ \\n", "n": [1e3, -0.5, 0, 12345678901234567890, true, null], "o": {"x": {}, "y": []}}';
    assert.deepEqual(await parseManifestText(text), parse(text, { uniqueKeys: false }));
    assert.equal((await parseManifestText(text)).a, 2, "the last of repeated keys wins, as in YAML");
  });

  it("names the file, line and column of a JSON syntax error, as for YAML", async () => {
    const missingComma = await parseError('{\n  "version": "6.0.0"\n  "streams": []\n}\n');
    assert.equal(missingComma.code, "MANIFEST_PARSE");
    assert.equal(missingComma.where.file, "m.json:3:3");
    assert.match(missingComma.message, /^The manifest could not be parsed: Missing , between flow map items\n {2}2 \| {3}"version": "6\.0\.0"\n {2}3 \| {3}"streams": \[\]\n {2} {2}\| {3}\^$/);
    const unclosed = await parseError('{\n  "version": "6.0.0",\n  "streams": [\n    { "name": "a" }\n');
    assert.equal(unclosed.where.file, "m.json:5:1");
  });

  it("still reads what YAML accepts and JSON.parse refuses (a trailing comma), as before", async () => {
    assert.deepEqual(await parseManifestText('{"streams": [1, 2, ], "version": "6.0.0",}'), { streams: [1, 2], version: "6.0.0" });
  });

  it("refuses a JSON list at the top level", async () => {
    const error = await parseError("[1, 2]");
    assert.equal(error.found, "a list");
  });
});

describe("a JSON manifest file's warnings", () => {
  it("are logged with their line and column", async () => {
    const manifest = oneStreamManifest({ urlBase: "http://127.0.0.1:9", paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: 10, inject_on_first_requst: true } } });
    const file = join(dir, "manifest.json");
    writeFileSync(file, JSON.stringify(manifest, null, 2));
    const warnings: string[] = [];
    const sluice = createSluice().register(Logger, { debug: () => undefined, info: () => undefined, warn: (m: string) => void warnings.push(m), error: () => undefined });
    await sluice.connect({ path: file, config: {} });
    const line = JSON.stringify(manifest, null, 2).split("\n").findIndex((l) => l.includes('"inject_on_first_requst"')) + 1;
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0]!, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:${line}:\\d+ streams\\[0\\]\\.retriever\\.paginator\\.pagination_strategy\\.inject_on_first_requst: `));
  });
});

describe("parseManifestSource (the manifest and its source map from one parse)", () => {
  it("gives what parseManifestText gives, and the lines of the same text", async () => {
    const text = "version: 6.0.0\ndefinitions:\n  base: &base { url_base: https://api.example.com }\nstreams:\n  - name: users\n    requester: *base\n";
    const { manifest, positions } = await parseManifestSource(text, "m.yaml");
    assert.deepEqual(manifest, await parseManifestText(text, "m.yaml"));
    assert.deepEqual(positions.locate("streams[0].name"), { line: 5, column: 11, sourcePath: "streams[0].name" });
  });

  it("throws the same error as parseManifestText for a syntax error, with its line", async () => {
    const text = "version: 6.0.0\nstreams: [\n";
    const [one, other] = await Promise.all([parseManifestSource(text, "m.yaml").catch((e: unknown) => e), parseManifestText(text, "m.yaml").catch((e: unknown) => e)]);
    assert.ok(one instanceof ManifestError && other instanceof ManifestError);
    assert.deepEqual([one.code, one.message, one.where.file], [other.code, other.message, other.where.file]);
    assert.equal(one.where.file, "m.yaml:3:1");
  });
});
