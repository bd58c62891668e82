/**
 * One home per concept (ARCHITECTURE.md, "One home per concept"), checked on the syntax trees of the
 * source: a second home fails here whatever its variables are named.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { importsOf, sourceFiles } from "./support/import-graph.js";
import { isDeclarationNamed, isLiteralMatching, isMonthArithmetic, isObjectGuard, isPathWalk, isPlainThrow, isPropertyNamed, nodesWhere, type Place } from "./support/syntax-search.js";

const root = join(import.meta.dirname, "..");
const floorFiles = ["pure", "sdk", "python", "templates", "oauth-consent", "core", "plugins", "builder-ui"].flatMap((floor) => sourceFiles(root, floor));

/** The places of every floor file (outside the files `home` allows) whose syntax satisfies `test`. */
function outside(test: (node: ts.Node) => boolean, home: (file: string) => boolean): Place[] {
  return floorFiles.filter((file) => !home(file)).flatMap((file) => nodesWhere(root, file, test));
}

/**
 * The walks of a value along a path that are not python/dpath.ts, each with why it is its own:
 * the record extractor's hot path, the manifest's `$ref` pointers (a reference is followed, with its
 * own errors), a request body's nested field (refuses a collision; sdk/ cannot import python/), and the
 * page, which cannot import python/ and walks its own yaml model.
 */
const OWN_WALKS = new Set([
  "python/dpath.ts",
  "plugins/selection/dpath-extractor.ts",
  "core/manifest/linked-overrides.ts",
  "core/manifest/resolve-references.ts",
  "sdk/http/inject-request-value.ts",
  "builder-ui/model/manifest-model.ts",
  "builder-ui/model/text-places.ts",
  "builder-ui/model/auth-forms.ts",
]);

describe("one home per concept", () => {
  it("walks a value along a path in python/dpath.ts (and the walks that say why they are their own)", () => {
    assert.deepEqual(outside(isPathWalk, (f) => OWN_WALKS.has(f)), []);
    assert.ok(outside(isPathWalk, () => false).some((place) => place.startsWith("python/dpath.ts")), "the rule finds dpath's own walk");
  });

  it("decides a month's length in python/ (isoDurationLengthMs or PyDateTime.plus)", () => {
    assert.deepEqual(outside(isMonthArithmetic, (f) => f.startsWith("python/")), []);
  });

  it("has one in-memory config store, and the file and source stores persist", () => {
    const stores = new Set(["sdk/services/config-store.ts", "sdk/services/memory-config-store.ts", "core/config/file-config-store.ts", "core/sources/source-config-store.ts"]);
    const isUpdateWithMutate = (node: ts.Node) => (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) && ts.isIdentifier(node.name) && node.name.text === "update" && node.parameters.length === 1;
    assert.deepEqual(outside(isUpdateWithMutate, (f) => stores.has(f)), [], "another config store");
  });

  it("has one datetime model (python/): no luxon", () => {
    assert.deepEqual(floorFiles.filter((file) => importsOf(root, file).some((i) => i.specifier === "luxon")), []);
  });

  it("codes every error: no plain throw new Error(", () => {
    assert.deepEqual(outside(isPlainThrow, () => false), []);
  });

  it("decodes a JSON pointer in pure/json-pointer.ts", () => {
    assert.deepEqual(outside(isLiteralMatching(/^(\/~[01]\/g?|~[01])$/), (f) => f === "pure/json-pointer.ts"), []);
  });

  it("narrows an unknown to a plain object with pure/json-object.ts's isJsonObject only", () => {
    assert.deepEqual(outside(isObjectGuard, (f) => f === "pure/json-object.ts"), []);
  });

  it("writes the ISO 8601 duration pattern once, in pure/iso-duration-pattern.ts", () => {
    assert.deepEqual(outside(isLiteralMatching(/\^\(?\[?[+-]*\]?\)?\??P[(\\]/), (f) => f === "pure/iso-duration-pattern.ts"), []);
  });

  it("renders a path, shows a URL and reads Retry-After in one place each", () => {
    assert.deepEqual(outside(isLiteralMatching(/^\/?\^\[A-Za-z_\$\]\[\\w\$\]\*\$\/?[a-z]*$/), (f) => f === "pure/manifest-path.ts"), [], "an identifier test for a path key");
    assert.deepEqual(outside(isDeclarationNamed("redactUrl"), (f) => f === "sdk/services/redact-url.ts"), [], "another redactUrl");
    assert.deepEqual(outside(isLiteralMatching(/^retry-after$/), (f) => f === "sdk/http/header-number.ts"), [], "Retry-After read elsewhere");
  });

  it("writes a file atomically in core/config/write-file-atomic.ts (no other temp-file rename)", () => {
    assert.deepEqual(outside(isLiteralMatching(/\.tmp$/), (f) => f === "core/config/write-file-atomic.ts"), []);
  });

  it("loads the yaml package lazily in sdk/plugin/load-yaml.ts only", () => {
    const lazy = floorFiles.filter((file) => importsOf(root, file).some((i) => i.specifier === "yaml" && i.dynamic));
    assert.deepEqual(lazy, ["sdk/plugin/load-yaml.ts"]);
  });

  it("loads ajv lazily in sdk/plugin/load-ajv.ts only", () => {
    const lazy = floorFiles.filter((file) => importsOf(root, file).some((i) => i.specifier === "ajv" && i.dynamic));
    assert.deepEqual(lazy, ["sdk/plugin/load-ajv.ts"]);
  });

  it("keeps the Airbyte protocol in core/protocol/: no CLI file builds its messages or decides a read's states", () => {
    // What a host would have to copy if the CLI held it: message shapes, the full-refresh STATE, status and estimate rules.
    const protocolLiteral = isLiteralMatching(/^(STREAM_STATUS|ESTIMATE|CATALOG|__ab_no_cursor_state_message)$/);
    const protocolProperty = (node: ts.Node) => ["stream_descriptor", "readAll", "cursorField", "__ab_no_cursor_state_message"].some((name) => isPropertyNamed(name)(node));
    const wrong = sourceFiles(root, "core/cli").flatMap((file) => nodesWhere(root, file, (node) => protocolLiteral(node) || protocolProperty(node)));
    assert.deepEqual(wrong, []);
  });

  it("declares each CLI command once: its name and summary in core/cli/commands/index.ts, its module beside it", () => {
    const index = readFileSync(join(root, "core/cli/commands/index.ts"), "utf8");
    const listed = [...index.matchAll(/\{ name: "([a-z-]+)",(?: \w+: \w+,)* summary: "[^"]+", load: async \(\) => \(await import\("\.\/([a-z-]+)\.js"\)\)\.command \}/g)];
    const files = readdirSync(join(root, "core/cli/commands")).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    assert.deepEqual(listed.map((m) => `${m[2]}.ts`).sort(), files.sort(), "every command module is listed once in index.ts");
    const declaresName = (node: ts.Node) => ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ["name", "summary"].includes(node.name.text) && ts.isObjectLiteralExpression(node.parent) && ts.isVariableDeclaration(node.parent.parent);
    const twice = files.flatMap((f) => nodesWhere(root, `core/cli/commands/${f}`, declaresName));
    assert.deepEqual(twice, [], "a command module declares its name or summary again");
  });

  it("reads a stream one way: no second iteration protocol beside partitions()", () => {
    const removed = (node: ts.Node) => ts.isIdentifier(node) && ["slicedRead", "WholeStream"].includes(node.text);
    assert.deepEqual(outside(removed, () => false), [], "the removed second read path");
    const builtInRead = (node: ts.Node) => ts.isMethodDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "read" && node.parameters[0]?.getText() === "stream: string";
    assert.deepEqual(outside(builtInRead, (f) => !f.startsWith("plugins/")), [], "a built-in implements Retriever.read (the earlier contract)");
    const singleRecords = (node: ts.Node) => ts.isMethodDeclaration(node) && node.name.getText() === "next" && /IteratorResult<DataRecord>/.test(node.type?.getText() ?? "");
    assert.deepEqual(nodesWhere(root, "plugins/stream/page-reader.ts", singleRecords), [], "PageReader hands out single records again");
  });

  it("lets no error kind override the catalogue's failure type", async () => {
    assert.doesNotMatch(readFileSync(join(root, "sdk/errors/error-kinds.ts"), "utf8"), /super\([^;]*failureType/);
    const { ConfigError, ManifestError, TemplateError, ERROR_CODES } = await import("../sdk/index.js");
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      for (const Kind of [ConfigError, ManifestError, TemplateError]) {
        assert.equal(new Kind(code as keyof typeof ERROR_CODES, "x").failureType, entry.failureType, `${Kind.name}(${code})`);
      }
    }
  });
});
