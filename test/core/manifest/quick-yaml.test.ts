import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, it } from "node:test";
import { parseDocument } from "yaml";
import { readYamlQuickly } from "../../../core/manifest/quick-yaml.js";
import { parseManifestText } from "../../../core/manifest/parse-manifest-text.js";

/** What the yaml package gives for a text (as parse-manifest-text reads it), or undefined when it fails or is not a mapping. */
function yamlPackage(text: string): unknown {
  const document = parseDocument(text, { uniqueKeys: false, keepSourceTokens: false });
  if (document.errors.length) return undefined;
  const value: unknown = document.toJS({ maxAliasCount: 10_000 });
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

/** Plain scalars where YAML parsers differ: numbers in other bases, underscores, signs, YAML 1.1's booleans and dates. */
const SCALARS = [
  "1_000", "0b101", "0o17", "017", "0x1F", "0X1F", "+12", "-0", "0", "-12", ".5", "5.", "1e3", "1E-3", "+1.5e+3", ".inf", "-.Inf", "+.INF",
  ".NaN", ".nan", ".NAN", "NaN", "inf", "~", "null", "Null", "NULL", "", "true", "True", "TRUE", "false", "FALSE", "yes", "no", "on", "off", "y", "n",
  "2024-01-01", "2024-01-01T10:00:00Z", "12:30:00", "1:30", "12345678901234567890", "9007199254740993", "0.1", "1.0", "00", "08", "0o8", "0x",
  "1__0", "_1", "1,000", "$1", "'quoted'", "\"esc\\u00e9\\x41\\t\"", "\"\\/\"", "'it''s'", "[]", "{}", "[a, b]", "{a: 1}", "a #c", "a#b",
  "|\n  x\n  y\n", ">\n  x\n  y\n", ">-\n  x\n\n  y\n", "|+\n  x\n\n", "\"a\n  b\"", "'a\n\n  b'", "\"{{ config['a'] * 2 }}\"", "{{ a != b }}",
];

/** Whole texts: repeated keys, special keys, the features the quick reader leaves to the yaml package, errors. */
const TEXTS = [
  "a: 1\na: 2\n", "__proto__: {x: 1}\n", "1: a\n2.5: b\ntrue: c\nnull: d\n~: e\n", "? [a, b]\n: c\n", "[a]: 1\n", "{a: 1}: 2\n", "<<: {a: 1}\nb: 2\n",
  "a: &x 1\nb: *x\n", "a: &x [1]\nb: [*x, *x]\n", "--- \na: 1\n", "a: 1\n---\nb: 2\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n", "a:\n\t- 1\n", "a: !!str 1\n",
  "a: !custom x\n", "a: !!timestamp 2020-01-01\n", "a: {b: 1, b: 2}\n", "# only\n", "", "- 1\n", "plain text\n", "a: 'x'y\n", "a: b: c\n", "a: [1, 2\n",
  "key with spaces: 1\n\"quoted key\": 2\n", "a:\n  - b: 1\n    c: 2\n  - d\n", "a: \"\\e\\0\\N\\_\\L\\P\"\n", "a: x\n  y\n", "- null: 1\n", "a: [x, {~: 1}]\n",
  "pattern: '*.json'\nglob: \"**\"\nnote: 2 * 3\n",
];

describe("reading a YAML manifest's values quickly (js-yaml)", () => {
  it("gives exactly what the yaml package gives for every tricky scalar and text, or declines it", async () => {
    let read = 0;
    for (const text of [...SCALARS.map((s) => `k: ${s}\n`), ...TEXTS]) {
      const quick = await readYamlQuickly(text);
      if (quick === undefined) continue;
      read++;
      assert.ok(isDeepStrictEqual(quick, yamlPackage(text)), `${JSON.stringify(text)}: quick ${JSON.stringify(quick)}, yaml package ${JSON.stringify(yamlPackage(text))}`);
    }
    assert.ok(read > SCALARS.length, `the quick reader read ${read} of the texts: most of them`);
  });

  it("leaves anchors and aliases (alias bombs), tags, collection and null keys, keys over 1,024 characters, and every error to the yaml package", async () => {
    for (const text of [`${"k".repeat(1100)}: 1\n`, "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: !custom x\n", "? [a, b]\n: c\n", "[a]: 1\n", "~: 1\n", "- null: 1\n", "a: [1, 2\n", "a: 1\n---\nb: 2\n", "- 1\n", "", "a: b: c\n"]) {
      assert.equal(await readYamlQuickly(text), undefined, JSON.stringify(text));
    }
    assert.deepEqual(await readYamlQuickly("bits: 0b101\nthousand: 1_000\noctal: 0o17\nnegative_zero: -0\n"), { bits: "0b101", thousand: "1_000", octal: 15, negative_zero: -0 });
  });

  it("never reads a text the yaml package refuses", async () => {
    const malformed = [
      "a:\n\tb: 1\n", "a:\n  b: 1\n c: 2\n", "a: b: c\n", "a: 'x\n", "a: \"\\q\"\n", "a: [1, 2]x\n", "a: |\n  x\n y\n",
      "a: {b: 1\n", "a: }\n", "a: ]\n", "\"a\" b: 1\n", "a: \"x\" y\n", "a: @x\n", "a: `x`\n", "{a: 1}}\n",
      `long ${"x".repeat(1100)}: 1\n`, "a: x #c\n  y\n", "a:\n  b\n  c: 1\n",
    ];
    for (const text of malformed) {
      assert.equal(yamlPackage(text), undefined, `the yaml package refuses ${JSON.stringify(text.slice(0, 30))}`);
      assert.equal(await readYamlQuickly(text), undefined, JSON.stringify(text.slice(0, 30)));
    }
  });

  it("a manifest the quick reader declines is still read, and an error still names its line", async () => {
    assert.deepEqual(await parseManifestText("base: &b {x: 1}\nstreams: [*b]\n", "m.yaml"), { base: { x: 1 }, streams: [{ x: 1 }] });
    await assert.rejects(parseManifestText("version: 6.0.0\nstreams: [a, b\n", "m.yaml"), (error: Error) => /m\.yaml:\d+:\d+/.test(JSON.stringify(error)) || /line|m\.yaml/.test(error.message));
  });

  it("reads every YAML file of the repository as the yaml package does, the example manifests among them", async () => {
    const root = join(import.meta.dirname, "..", "..", "..");
    const files = ["examples", "scripts", "test"].flatMap((folder) => walk(join(root, folder))).filter((file) => /\.ya?ml$/.test(file));
    const readQuickly: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const quick = await readYamlQuickly(text);
      if (quick === undefined) continue;
      readQuickly.push(relative(root, file));
      assert.ok(isDeepStrictEqual(quick, yamlPackage(text)), file);
    }
    for (const manifest of ["examples/demo/manifest.yaml", "examples/custom-strategy/manifest.yaml", "scripts/docs-screenshots/acme-manifest.yaml"]) assert.ok(readQuickly.includes(manifest), `${manifest} read quickly`);
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? (entry.name === "node_modules" ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)]));
}
