import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ajvNow, loadAjv } from "../../../sdk/plugin/load-ajv.js";

describe("ajv's class, loaded when first needed", () => {
  it("loadAjv gives a class that compiles and checks a schema, and ajvNow then gives the same class", async () => {
    const Ajv = await loadAjv();
    const validate = new Ajv({ allErrors: true }).compile({ type: "object", required: ["id"] });
    assert.equal(validate({ id: 1 }), true);
    assert.equal(validate({}), false);
    assert.deepEqual(validate.errors?.map((e) => e.keyword), ["required"]);
    assert.equal(ajvNow(), Ajv);
    assert.equal(await loadAjv(), Ajv, "loaded once");
  });
});
