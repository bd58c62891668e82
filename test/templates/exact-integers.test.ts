import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createInterpolator } from "../../templates/index.js";

// Python's ints never round: a template doing arithmetic on an id past 2^53 (a bigint, as JSON
// bodies give it) gets the exact answer, as the kit's Jinja on Python ints does (hardening item 6).
const interpolator = createInterpolator();
const BIG = 9007199254740993n;
const render = (template: string, record: Record<string, unknown> = { id: BIG }) =>
  interpolator.compile(template, { path: "p", names: ["record"] }).render({ config: {}, parameters: {}, record });

describe("integer arithmetic in templates", () => {
  it("is exact on an integer past 2^53: + - * // % ** and unary minus", () => {
    assert.equal(render("{{ record['id'] + 1 }}"), "9007199254740994");
    assert.equal(render("{{ record['id'] - 1 }}"), "9007199254740992");
    assert.equal(render("{{ record['id'] * 10 }}"), "90071992547409930");
    assert.equal(render("{{ record['id'] // 10 }}"), "900719925474099");
    assert.equal(render("{{ record['id'] % 10 }}"), "3");
    assert.equal(render("{{ -record['id'] }}"), "-9007199254740993");
    assert.equal(render("{{ record['id'] ** 2 }}"), "81129638414606699710187514626049");
  });

  it("is exact when plain numbers would round: 2^53 + 1, and a product past 2^53", () => {
    assert.equal(render("{{ 9007199254740992 + 1 }}"), "9007199254740993");
    assert.equal(render("{{ 4294967296 * 4294967297 }}"), "18446744078004518912");
    assert.equal(render("{{ 2 ** 64 }}"), "18446744073709551616");
  });

  it("floors toward minus infinity as Python does, with a negative operand", () => {
    assert.equal(render("{{ -record['id'] // 10 }}"), "-900719925474100");
    assert.equal(render("{{ -record['id'] % 10 }}"), "7");
    assert.equal(render("{{ record['id'] % -10 }}"), "-7");
  });

  it("comes back to a plain int when the result fits, and mixes with floats as a float", () => {
    assert.equal(render("{{ (record['id'] - 9007199254740990) * 2 }}"), "6");
    // Python's answers (a float has 53 bits): 9007199254740993 / 2 == 4503599627370496.0, + 0.5 == 9007199254740992.0.
    assert.equal(render("{{ record['id'] / 2 }}"), "4503599627370496.0");
    assert.equal(render("{{ record['id'] + 0.5 }}"), "9007199254740992.0");
  });

  it("keeps Python's errors: division by zero, and a power too large to build", () => {
    assert.throws(() => render("{{ record['id'] // 0 }}"), /ZeroDivisionError|division/);
    assert.throws(() => render("{{ record['id'] ** 100000 }}"), /bits/);
  });
});
