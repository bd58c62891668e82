import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IncrementalManifestParser } from "../../../core/manifest/incremental-manifest-parser.js";
import { parseManifestSource } from "../../../core/manifest/parse-manifest-text.js";
import { joinPath } from "../../../pure/manifest-path.js";
import { ManifestError } from "../../../sdk/index.js";

const MANIFEST = `# acme, written by hand
version: 6.0.0
type: DeclarativeSource
description: >-
  Reads users.

  Two paragraphs.
definitions:
  requester:
    type: HttpRequester
    url_base: "https://api.acme.com"   # v1
    path: /users
streams:
  - name: orders
    type: DeclarativeStream
    schema_loader:
      type: InlineSchemaLoader
      schema: "#/schemas/users"
    retriever:
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
      requester:
        $ref: "#/definitions/requester"
      type: SimpleRetriever
check: { type: CheckStream, stream_names: [orders] }
schemas:
  users:
    type: object
    properties:
      id: { type: integer }
`;

/** Every manifest path of a value's nodes. */
function paths(value: unknown, prefix = "", out: string[] = []): string[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, joinPath(prefix, i), out));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) paths(item, joinPath(prefix, key), out);
  return out;
}

/** The parser's answer is parseManifestSource's: the same manifest, every value and key at the same line and column. */
async function assertSameAsWhole(parser: IncrementalManifestParser, text: string): Promise<void> {
  const whole = await parseManifestSource(text, "manifest.yaml");
  const blocks = await parser.parse(text, "manifest.yaml");
  assert.deepEqual(blocks.manifest, whole.manifest);
  assert.deepEqual(Object.keys(blocks.manifest), Object.keys(whole.manifest), "the keys in their written order");
  for (const path of paths(whole.manifest)) {
    for (const key of [false, true]) assert.deepEqual(blocks.positions.locate(path, { key }), whole.positions.locate(path, { key }), `${path}${key ? " (key)" : ""}`);
  }
}

/** A stream of the large manifest: about 700 characters, a comment above it, a block scalar and a flow list in it. */
const stream = (i: number) => `  # stream ${i}
  - type: DeclarativeStream
    name: items_${i}
    description: |
      Items, part ${i}.

      Second paragraph.
    retriever:
      type: SimpleRetriever
      requester:
        $ref: "#/definitions/requester_${i % 3}"
        path: /items/${i}
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data, items] }
    schema_loader:
      type: InlineSchemaLoader
      schema:
        type: object
        properties:
          id: { type: integer }
          name:
            type:
            - string
            - "null"
`;

/** A manifest whose `definitions:` and `streams:` blocks are large enough to be parsed entry by entry. */
const LARGE = `version: 6.0.0
type: DeclarativeSource
definitions:
${Array.from({ length: 60 }, (_, i) => `  requester_${i}:
    type: HttpRequester
    url_base: https://api.acme.com/v${i}
    http_method: GET
    request_headers:
      Accept: application/json
    # about requester ${i}
`).join("")}  __proto__:
    polluted: true
  schemas:
  - a
  - b
streams:
${Array.from({ length: 20 }, (_, i) => stream(i)).join("")}check:
  type: CheckStream
  stream_names: [items_0]
`;

describe("IncrementalManifestParser", () => {
  it("parses a large block entry by entry, then again only the entry an edit changed", async () => {
    const parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, LARGE);
    assert.deepEqual(parser.lastParse, { reparsed: 5, reused: 0, entries: { reparsed: 82, reused: 0 } }, "62 definitions (a sequence at its key's indentation included), 20 streams");
    const inStream = LARGE.replace("path: /items/3\n", "path: /items/3/all\n        http_method: POST\n");
    await assertSameAsWhole(parser, inStream);
    assert.deepEqual(parser.lastParse, { reparsed: 1, reused: 4, entries: { reparsed: 1, reused: 19 } }, "only stream 3; the streams under it moved");
    const inDefinitions = inStream.replace("url_base: https://api.acme.com/v0\n", "url_base: https://api.acme.com/v0/\n");
    await assertSameAsWhole(parser, inDefinitions);
    assert.deepEqual(parser.lastParse, { reparsed: 1, reused: 4, entries: { reparsed: 1, reused: 61 } });
    const added = inDefinitions.replace("check:\n", `${stream(20)}check:\n`);
    await assertSameAsWhole(parser, added);
    assert.deepEqual(parser.lastParse, { reparsed: 1, reused: 4, entries: { reparsed: 2, reused: 19 } }, "a new stream at the end of streams, and the one above it, which holds the new one's comment line");
    const { manifest } = await parser.parse(added);
    assert.equal(Object.getPrototypeOf(manifest.definitions), Object.prototype, "a `__proto__` entry is data");
  });

  it("parses a large entry entry by entry in turn (definitions > streams > each stream), as a whole parse reads it", async () => {
    const nested = `version: 6.0.0\ndefinitions:\n  streams:\n${Array.from({ length: 20 }, (_, i) => stream(i).replace(/^ {4}/gm, "      ").replace(/^ {2}# .*\n {2}- type/, `    stream_${i}:\n      type`)).join("")}streams:\n  - $ref: "#/definitions/streams/stream_3"\n`;
    const parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, nested);
    assert.deepEqual(parser.lastParse, { reparsed: 3, reused: 0, entries: { reparsed: 1, reused: 0 } }, "definitions holds one entry, streams, itself parsed by entries");
    const edited = nested.replace("path: /items/7\n", "path: /items/7/all\n");
    await assertSameAsWhole(parser, edited);
    assert.deepEqual(parser.lastParse, { reparsed: 1, reused: 2, entries: { reparsed: 1, reused: 0 } });
    const { positions } = await parser.parse(edited);
    const lineOf = (needle: string) => edited.split("\n").indexOf(needle) + 1;
    assert.deepEqual(positions.locate("definitions.streams.stream_9.retriever.requester.path"), { line: lineOf("          path: /items/9"), column: 17, sourcePath: "definitions.streams.stream_9.retriever.requester.path" });
    assert.deepEqual(positions.locate("definitions.streams.stream_8", { key: true }), { line: lineOf("    stream_8:"), column: 5, sourcePath: "definitions.streams.stream_8" });
  });

  it("places an entry's value, key and reference where it is written, after an edit above it", async () => {
    const parser = new IncrementalManifestParser();
    await parser.parse(LARGE);
    const edited = LARGE.replace("  # stream 0\n", "  # stream 0\n  # one more line\n");
    const { positions } = await parser.parse(edited);
    const lineOf = (needle: string) => edited.split("\n").indexOf(needle) + 1;
    assert.deepEqual(positions.locate("streams[5].retriever.requester.path"), { line: lineOf("        path: /items/5"), column: 15, sourcePath: "streams[5].retriever.requester.path" });
    assert.deepEqual(positions.locate("streams[5].retriever.requester.url_base"), { line: lineOf("    url_base: https://api.acme.com/v2"), column: 15, sourcePath: "definitions.requester_2.url_base" });
    assert.deepEqual(positions.locate("definitions.requester_7", { key: true }), { line: lineOf("  requester_7:"), column: 3, sourcePath: "definitions.requester_7" });
    assert.deepEqual(positions.locate("streams"), { line: lineOf("  - type: DeclarativeStream"), column: 3, sourcePath: "streams" });
  });

  it("parses a large block whole when an entry alone could read differently, and the text whole for an anchor", async () => {
    const repeated = LARGE.replace("  requester_29:", "  requester_28:");
    let parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, repeated);
    assert.deepEqual(parser.lastParse, { reparsed: 5, reused: 0, entries: { reparsed: 20, reused: 0 } }, "a repeated definition: definitions parsed as one block, streams by entries");
    parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, LARGE.replace("  requester_4:\n", "  requester_4: &four\n"));
    assert.equal(parser.lastParse, "whole", "an anchor may be used in another block");
    parser = new IncrementalManifestParser();
    await parser.parse(LARGE);
    const broken = LARGE.replace("path: /items/3\n", "path: [/items/3\n");
    const expected = await parseManifestSource(broken).catch((e: unknown) => e);
    const error = await parser.parse(broken).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError && expected instanceof ManifestError);
    assert.equal(error.message, expected.message, "a syntax error in one entry, reported as the whole text's parse does");
  });

  it("parses each top-level block, then again only the blocks an edit changed", async () => {
    const parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, MANIFEST);
    assert.deepEqual(parser.lastParse, { reparsed: 7, reused: 0, entries: { reparsed: 0, reused: 0 } });
    const edited = MANIFEST.replace("path: /users", "path: /v2/users\n    http_method: GET");
    await assertSameAsWhole(parser, edited);
    assert.deepEqual(parser.lastParse, { reparsed: 1, reused: 6, entries: { reparsed: 0, reused: 0 } }, "only definitions: every block after it has moved, and keeps its lines");
    await assertSameAsWhole(parser, edited);
    assert.deepEqual(parser.lastParse, { reparsed: 0, reused: 7, entries: { reparsed: 0, reused: 0 } });
  });

  it("places a value reached through a reference in another block where it is written", async () => {
    const { positions } = await new IncrementalManifestParser().parse(MANIFEST.replace("version: 6.0.0", "version: 6.0.0\n# a comment\n# another"));
    assert.deepEqual(positions.locate("streams[0].retriever.requester.path"), { line: 14, column: 11, sourcePath: "definitions.requester.path" });
    assert.deepEqual(positions.locate("streams[0].schema_loader.schema.properties.id"), { line: 33, column: 11, sourcePath: "schemas.users.properties.id" });
  });

  it("keeps the last of repeated top-level keys, at the first key's place, as the whole text's parse does", async () => {
    const parser = new IncrementalManifestParser();
    await assertSameAsWhole(parser, `${MANIFEST}version: 7.0.0\n`);
    assert.equal((await parser.parse(`${MANIFEST}version: 7.0.0\n`)).manifest.version, "7.0.0");
  });

  it("answers a kept block with the same value, and reads a `__proto__` key as data", async () => {
    const parser = new IncrementalManifestParser();
    const first = await parser.parse(MANIFEST);
    const edited = MANIFEST.replace("path: /users", "path: /v2/users");
    const second = await parser.parse(edited);
    assert.equal(second.manifest.schemas, first.manifest.schemas, "an unchanged block is not converted again");
    assert.notEqual(second.manifest.definitions, first.manifest.definitions, "the edited block is new");
    const proto = `${MANIFEST}__proto__:\n  polluted: true\n`;
    await assertSameAsWhole(parser, proto);
    const { manifest } = await parser.parse(proto);
    assert.equal(Object.getPrototypeOf(manifest), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(manifest, "__proto__")?.value, { polluted: true });
  });

  it("parses the whole text where a block alone could read differently", async () => {
    const cases: Record<string, string> = {
      "an anchor and its alias in two blocks": MANIFEST.replace("  requester:\n", "  requester: &requester\n").replace('$ref: "#/definitions/requester"', "<<: *requester").replace("      requester:\n        <<", "      requester: *requester\n        #"),
      "a document marker": `---\n${MANIFEST}`,
      "a list written at column 0 under its key": `${MANIFEST}extra:\n- a\n- b\n`,
      "a quoted key at column 0": `${MANIFEST}"odd key": 1\n`,
      "JSON": JSON.stringify({ version: "6.0.0", streams: [] }, null, 2),
    };
    for (const [name, text] of Object.entries(cases)) {
      const parser = new IncrementalManifestParser();
      await assertSameAsWhole(parser, text);
      assert.equal(parser.lastParse, "whole", name);
    }
  });

  it("reports a syntax error in one block as the whole text's parse does, at its line", async () => {
    const parser = new IncrementalManifestParser();
    await parser.parse(MANIFEST);
    const broken = MANIFEST.replace("path: /users", "path: [/users");
    const expected = await parseManifestSource(broken, "manifest.yaml").catch((e: unknown) => e);
    const error = await parser.parse(broken, "manifest.yaml").catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError && expected instanceof ManifestError);
    assert.equal(error.code, "MANIFEST_PARSE");
    assert.equal(error.message, expected.message);
    assert.equal(error.where.file, expected.where.file);
    assert.match(error.where.file ?? "", /^manifest\.yaml:\d+:\d+$/);
    await assertSameAsWhole(parser, MANIFEST);
    assert.deepEqual(parser.lastParse, { reparsed: 7, reused: 0, entries: { reparsed: 0, reused: 0 } }, "after a whole parse, the blocks are read again");
  });
});
