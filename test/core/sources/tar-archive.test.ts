import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { packTar, tarEntries, type TarEntry } from "../../../core/sources/tar-archive.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-tar-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const entries: TarEntry[] = [
  { name: "base", type: "directory", mode: 0o700, data: Buffer.alloc(0) },
  { name: "base/1", type: "directory", mode: 0o700, data: Buffer.alloc(0) },
  { name: "base/1/112", type: "file", mode: 0o600, data: Buffer.alloc(8192, 7) },
  { name: "PG_VERSION", type: "file", mode: 0o600, data: Buffer.from("17\n") },
  { name: "empty", type: "file", mode: 0o600, data: Buffer.alloc(0) },
];

/** A one-entry archive whose header says `typeFlag` and `name`, with a valid checksum (as GNU tar writes). */
function oddArchive(name: string, typeFlag: string): Buffer {
  const tar = packTar([{ name, type: "file", mode: 0o600, data: Buffer.alloc(0) }]);
  tar.write(typeFlag, 156, "latin1");
  return tar;
}

describe("the store template's tar format", () => {
  it("reads back what it writes, and GNU tar reads it too", () => {
    const tar = packTar(entries);
    assert.deepEqual([...tarEntries(tar)].map((e) => ({ ...e, data: Buffer.from(e.data) })), entries);
    writeFileSync(join(dir, "t.tar"), tar);
    assert.equal(execFileSync("tar", ["-tvf", join(dir, "t.tar")], { encoding: "utf8" }).trim().split("\n").length, entries.length);
    execFileSync("tar", ["-xf", join(dir, "t.tar"), "-C", dir]);
    assert.deepEqual(readFileSync(join(dir, "base/1/112")), entries[2]!.data);
  });

  it("refuses an entry outside its folder, and links or devices", () => {
    assert.throws(() => [...tarEntries(oddArchive("../escape", "0"))], /outside its folder: \.\.\/escape/);
    assert.throws(() => [...tarEntries(oddArchive("link", "2"))], /of type '2'/);
  });
});
