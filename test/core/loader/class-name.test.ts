import { test } from "node:test";
import assert from "node:assert/strict";
import { parseClassName } from "../../../core/loader/class-name.js";
import { CustomCodeError } from "../../../sdk/index.js";

test("a source_<name>.<package>.<Class> name splits into module path and class", () => {
  assert.deepEqual(parseClassName("source_acme.components.AcmePagination"), { modulePath: ["source_acme", "components"], exportName: "AcmePagination" });
  assert.deepEqual(parseClassName("source_acme.a.b.Deep"), { modulePath: ["source_acme", "a", "b"], exportName: "Deep" });
  assert.deepEqual(parseClassName("components.X"), { modulePath: ["components"], exportName: "X" });
});

for (const name of ["../secrets.X", "a/b.C", "/etc/passwd.X", "a..B", ".a.B", "a.B.", "a.B ", "a.b-c.D", "C:\\x.Y", "a.\u0430.B", "X", ""]) {
  test(`class_name ${JSON.stringify(name)} is refused before anything is loaded`, () => {
    assert.throws(
      () => parseClassName(name, { manifestPath: "streams[0].x" }),
      (error: unknown) => error instanceof CustomCodeError && error.code === "CUSTOM_CLASS_NAME_INVALID" && error.where.manifestPath === "streams[0].x",
    );
  });
}

test("a class_name that is not a string is refused", () => {
  assert.throws(() => parseClassName(42), /non-empty string/);
});
