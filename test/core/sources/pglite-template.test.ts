import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { readPgliteTemplate, writePgliteTemplate } from "../../../core/sources/pglite-template.js";

const root = mkdtempSync(join(tmpdir(), "sluice-pglite-template-"));
after(() => rmSync(root, { recursive: true, force: true }));

describe("the empty-store template the build saves", () => {
  it("is written once per PGlite version, replaces other versions' templates, and unpacks into a working database", async () => {
    mkdirSync(join(root, "store-template"));
    writeFileSync(join(root, "store-template", "pglite-0.0.1.tar.gz"), "an older PGlite's template");
    const file = await writePgliteTemplate(root);
    assert.match(file, /store-template\/pglite-\d+\.\d+\.\d+.*\.tar\.gz$/);
    assert.deepEqual(readdirSync(join(root, "store-template")), [file.split("/").pop()]);
    const written = statSync(file).mtimeMs;
    assert.equal(await writePgliteTemplate(root), file);
    assert.equal(statSync(file).mtimeMs, written, "an existing template is kept");

    const folder = join(root, "db");
    const db = await PGlite.create(folder, { loadDataDir: new Blob([readFileSync(file)]) });
    await db.exec("CREATE TABLE t (x int); INSERT INTO t VALUES (42)");
    await db.close();
    const reopened = await PGlite.create(folder);
    assert.deepEqual((await reopened.query("SELECT x FROM t")).rows, [{ x: 42 }]);
    await reopened.close();
  });

  it("is found by the store in the package's store-template folder (written by `npm test`'s build)", async () => {
    const template = await readPgliteTemplate();
    assert.ok(template && template.size > 1_000_000, "scripts/build.mjs saved the template");
  });
});
