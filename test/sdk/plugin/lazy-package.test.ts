import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lazyPackage, SluiceError } from "../../../sdk/index.js";

describe("lazyPackage", () => {
  it("imports the package once, on the first call", async () => {
    let imports = 0;
    const load = lazyPackage("example", "ExampleDecoder", async () => ({ n: ++imports }));
    assert.equal(imports, 0);
    const [a, b] = await Promise.all([load(), load()]);
    assert.equal(a, b);
    assert.equal((await load()).n, 1);
    assert.equal(imports, 1);
  });

  it("fails with PACKAGE_LOAD_FAILED naming the package and its user, and tries again on the next call", async () => {
    let attempts = 0;
    const load = lazyPackage("left-pad-xml", "XmlDecoder", async () => {
      if (++attempts === 1) throw new Error("Cannot find package 'left-pad-xml'");
      return "loaded";
    });
    const error = await load().catch((e: unknown) => e);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PACKAGE_LOAD_FAILED");
    assert.equal(error.message, "The package 'left-pad-xml', which XmlDecoder needs, could not be loaded: Cannot find package 'left-pad-xml'");
    assert.equal(error.where.component, "XmlDecoder");
    assert.match((error.cause as Error).message, /Cannot find package/);
    assert.equal(await load(), "loaded");
  });

  it("a real missing package gives the clear error", async () => {
    const missing = "sluice-no-such-package-" + "for-test";
    const load = lazyPackage(missing, "a test", () => import(missing));
    await assert.rejects(load(), (error: unknown) => error instanceof SluiceError && error.code === "PACKAGE_LOAD_FAILED" && error.message.includes(`'${missing}', which a test needs`));
  });
});
