/**
 * scripts/bundle-library.mjs's guard for a bundle built without esbuild's keepNames: a class renamed to keep it
 * apart from another top-level name (`class ManifestError2`) would change the name errors show, so the build
 * stops and names it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { refuseRenamedClasses } from "../../scripts/bundle-library.mjs";

const bundle = (...texts: string[]) => texts.map((text) => ({ text }));

describe("refuseRenamedClasses", () => {
  it("refuses a class renamed beside a function of its name, in another output file", () => {
    assert.throws(() => refuseRenamedClasses(bundle("class ManifestError2 extends Error {}\n", "function ManifestError() {}\n")), /renamed these classes .*: ManifestError2; rename one of each pair/);
  });

  it("reads a class expression's own name, which is the class's name", () => {
    assert.throws(() => refuseRenamedClasses(bundle("var Reader = class Reader3 {\n};\nfunction Reader() {}\n")), /: Reader3;/);
  });

  it("accepts names that end in digits without a twin, and the allowed bundled classes", () => {
    refuseRenamedClasses(bundle("class Sha256 {}\nvar Base64 = class {\n};\n", "var FormData = class FormData2 {\n};\n"));
  });
});
