import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { lexer, nodes, NUNJUCKS_CONTRACT, installedNunjucksVersion, Parser, type Tokenizer } from "../../templates/nunjucks-internals.js";

const root = join(import.meta.dirname, "..", "..");
const upgrade = (what: string) =>
  `nunjucks changed what templates/nunjucks-internals.ts relies on (${what}). Sluice extends nunjucks' private parser; ` +
  "read the new nunjucks' src/lexer.js, parser.js and nodes.js, adapt templates/, then update NUNJUCKS_CONTRACT and the pin.";

describe("nunjucks' private modules, as templates/ relies on them", () => {
  it("is the exact version pinned in package.json and the lockfile", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };
    assert.equal(pkg.dependencies.nunjucks, NUNJUCKS_CONTRACT.version, "package.json must pin nunjucks exactly (no ^ or ~)");
    assert.equal(lock.packages[""]?.dependencies?.nunjucks, NUNJUCKS_CONTRACT.version);
    assert.equal(lock.packages["node_modules/nunjucks"]?.version, NUNJUCKS_CONTRACT.version);
    assert.equal(installedNunjucksVersion(), NUNJUCKS_CONTRACT.version, upgrade(`installed ${installedNunjucksVersion()}`));
  });

  it("has every lexer token name, as distinct strings", () => {
    const values = NUNJUCKS_CONTRACT.tokens.map((name) => (lexer as unknown as Record<string, unknown>)[name]);
    for (const [i, value] of values.entries()) assert.equal(typeof value, "string", upgrade(`lexer.${NUNJUCKS_CONTRACT.tokens[i]}`));
    assert.equal(new Set(values).size, values.length, upgrade("two token names share a value"));
  });

  it("has the tokenizer methods, and its string reader goes through the _parseString hook", () => {
    const tokens = lexer.lex("{{ 'a' }}", {}) as Tokenizer & Record<string, unknown>;
    for (const name of NUNJUCKS_CONTRACT.tokenizerMethods) assert.equal(typeof tokens[name], "function", upgrade(`tokenizer.${name}`));
    let called = 0;
    const original = tokens._parseString!;
    tokens._parseString = function (this: Tokenizer, delimiter: string) {
      called++;
      return original.call(this, delimiter);
    };
    const parser = new (Parser.extend("ContractParser", {}))(tokens);
    parser.parseAsRoot();
    assert.equal(called, 1, upgrade("the lexer no longer reads strings through this._parseString"));
  });

  it("has the parser methods the Jinja rules call or override", () => {
    const probe = new (Parser.extend("ContractProbe", {}))(lexer.lex("", {})) as unknown as Record<string, unknown>;
    for (const name of NUNJUCKS_CONTRACT.parserMethods) assert.equal(typeof probe[name], "function", upgrade(`Parser.prototype.${name}`));
  });

  it("has each node class with the same fields in the same order", () => {
    for (const [name, fields] of Object.entries(NUNJUCKS_CONTRACT.nodeFields)) {
      const NodeClass = nodes[name];
      assert.equal(typeof NodeClass, "function", upgrade(`nodes.${name}`));
      const actual = (NodeClass!.prototype as { fields?: string[] }).fields;
      assert.deepEqual(actual, fields, upgrade(`nodes.${name}.fields`));
      const node = new NodeClass!(3, 7, ...fields.map((f) => `<${f}>`));
      assert.equal(node.typename, name, upgrade(`nodes.${name}.typename`));
      assert.deepEqual([node.lineno, node.colno], [3, 7], upgrade(`nodes.${name} constructor (lineno, colno)`));
      for (const field of fields) assert.equal(node[field], `<${field}>`, upgrade(`nodes.${name} constructor argument ${field}`));
    }
  });
});
