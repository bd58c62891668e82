import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { validateConfig } from "../../../core/config/validate-config.js";
import { pySearchPattern } from "../../../python/regex.js";
import { SluiceError } from "../../../sdk/index.js";

const monthSpec = { type: "object", required: ["month"], properties: { month: { type: "string", pattern: "^\\d{4}\\-\\d{2}$" } } };

describe("validateConfig: spec patterns are Python patterns", () => {
  it("accepts a pattern Python accepts and JavaScript's `u` mode refuses (source-the-guardian-api)", () => {
    assert.throws(() => new RegExp(monthSpec.properties.month.pattern, "u"), SyntaxError, "the premise: `\\-` is invalid with the u flag");
    validateConfig({ month: "2024-01" }, monthSpec);
  });

  it("still rejects a value the pattern does not match, naming the field", () => {
    assert.throws(
      () => validateConfig({ month: "2024/01" }, monthSpec),
      (error: unknown) => error instanceof SluiceError && error.code === "CONFIG_INVALID" && /config\.month: must match pattern/.test(error.message),
    );
  });

  it("reads Python syntax: named groups, \\A and \\Z, inline flags", () => {
    const spec = { type: "object", properties: { id: { type: "string", pattern: "(?i)\\A(?P<p>ab)-(?P=p)\\Z" } } };
    validateConfig({ id: "AB-AB" }, spec);
    assert.throws(() => validateConfig({ id: "AB-AB\n" }, spec), SluiceError);
  });

  it("reports a pattern Python would refuse as SPEC_INVALID", () => {
    const spec = { type: "object", properties: { id: { type: "string", pattern: "(unclosed" } } };
    assert.throws(() => validateConfig({ id: "x" }, spec), (error: unknown) => error instanceof SluiceError && error.code === "SPEC_INVALID");
  });
});

describe("pySearchPattern", () => {
  it("keeps unicode mode where the pattern allows it", () => {
    assert.equal(pySearchPattern("^\\w+$").unicode, true);
    assert.equal(pySearchPattern("^a\\-b$").unicode, false);
    assert.equal(pySearchPattern("^a\\-b$").test("a-b"), true);
  });
});
