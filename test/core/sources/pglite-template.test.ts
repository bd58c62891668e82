import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, describe, it } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { readPgliteTemplate, unpackPgliteTemplate, writePgliteTemplate } from "../../../core/sources/pglite-template.js";

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

  it("is found in the package's store-template folder (written by `npm test`'s build) and unpacked as PGlite unpacks it, into a working database", async () => {
    const template = await readPgliteTemplate();
    assert.ok(template && template.length > 1_000_000, "scripts/build.mjs saved the template");
    const byPGlite = join(root, "by-pglite");
    await (await PGlite.create(byPGlite, { loadDataDir: new Blob([template]) })).close();
    const byNode = join(root, "by-node");
    assert.equal(await unpackPgliteTemplate(byNode), true);
    const mine = tree(byNode);
    const theirs = new Map(tree(byPGlite));
    assert.ok(mine.length > 900, `${mine.length} files and folders`);
    for (const [path, kind] of mine) assert.equal(theirs.get(path), kind, `${path}: as PGlite's loadDataDir writes it`);
    const modes = new Set(mine.map(([path, kind]) => `${kind === "folder" ? "folder" : "file"} ${(statSync(join(byNode, path)).mode & 0o777).toString(8)}`));
    assert.deepEqual([...modes].sort(), ["file 600", "folder 700"], "owner only, as Postgres makes its files (PGlite's loadDataDir writes 0666)");
    const db = await PGlite.create(byNode);
    await db.exec("CREATE TABLE t (x int); INSERT INTO t VALUES (7)");
    await db.close();
    const reopened = await PGlite.create(byNode);
    assert.deepEqual((await reopened.query("SELECT x FROM t")).rows, [{ x: 7 }]);
    await reopened.close();
  });
});

/** Every file and folder under `folder`: its relative path, and "folder" or its size in bytes. */
function tree(folder: string): [string, string][] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => join(folder, name))
    .map((path): [string, string] => {
      const info = statSync(path);
      return [relative(folder, path), info.isDirectory() ? "folder" : `${info.size} bytes`];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}
