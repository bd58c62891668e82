import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getPath, keyPath, setPath, valueAtPath } from "../../python/index.js";

describe("dpath (sluice/python): one path walker for records, configs and responses", () => {
  it("reads own keys and list indexes, and tells a missing key from a null value", () => {
    const record = { owner: { login: "octocat" }, items: [{ id: 1 }], parent: null };
    assert.deepEqual(getPath(record, ["owner", "login"]), { found: true, value: "octocat" });
    assert.deepEqual(getPath(record, ["items", "0", "id"]), { found: true, value: 1 });
    assert.deepEqual(getPath(record, ["parent"]), { found: true, value: null });
    assert.deepEqual(getPath(record, ["items", "x"]), { found: false });
    assert.deepEqual(getPath(record, ["owner", "login", "more"]), { found: false });
  });

  it("never reads an inherited property", () => {
    assert.equal(valueAtPath({}, ["__proto__"]), undefined);
    assert.equal(valueAtPath({ a: {} }, ["a", "constructor"]), undefined);
  });

  it("sets a value creating the objects on the way, replacing a scalar in between", () => {
    const config: Record<string, unknown> = { credentials: "old" };
    setPath(config, ["credentials", "refresh_token"], "r2");
    setPath(config, ["meta", "source"], "crm");
    assert.deepEqual(config, { credentials: { refresh_token: "r2" }, meta: { source: "crm" } });
  });

  it("refuses prototype keys and an empty path", () => {
    assert.throws(() => setPath({}, ["__proto__", "polluted"], true), /'__proto__' is not allowed/);
    assert.throws(() => setPath({}, [], 1), /empty path/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it("splits a dpath key on /", () => {
    assert.deepEqual(keyPath("/fields/parent"), ["fields", "parent"]);
  });
});
