import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { customClassFiles } from "../../../core/builder/custom-class-files.js";

describe("custom classes' files, as the Builder shows them next to a Class Name", () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-custom-files-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("says which module a class_name found in the folder, and where it looked when there is none", async () => {
    mkdirSync(join(dir, "source_acme"));
    writeFileSync(join(dir, "source_acme", "components.ts"), "export class Signer {}\n");
    const manifest = {
      streams: [{ retriever: { requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_acme.components.Signer" } }, paginator: { type: "CustomPaginationStrategy", class_name: "source_acme.paging.Pages" } } }],
      definitions: { note: { class_name: "not.Custom" } },
    };
    const files = await customClassFiles(manifest, dir);
    assert.deepEqual(Object.keys(files), ["source_acme.components.Signer", "source_acme.paging.Pages"]);
    assert.equal(files["source_acme.components.Signer"]!.file, join("source_acme", "components.ts"));
    assert.equal(files["source_acme.paging.Pages"]!.file, undefined);
    assert.equal(files["source_acme.paging.Pages"]!.tried[0], join("source_acme", "paging.ts"));
  });

  it("a class in a components.py is marked Python, one in components.ts TypeScript", async () => {
    writeFileSync(join(dir, "components.py"), "class Rows:\n    pass\n");
    const files = await customClassFiles({ a: { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.Rows" } }, dir);
    assert.deepEqual(files["source_declarative_manifest.components.Rows"], { file: "components.py", language: "python", tried: files["source_declarative_manifest.components.Rows"]!.tried });
    const typescript = await customClassFiles({ a: { type: "CustomAuthenticator", class_name: "source_acme.components.Signer" } }, dir);
    assert.equal(typescript["source_acme.components.Signer"]!.language, "typescript");
  });

  it("a class_name that is not dotted identifiers is reported, nothing is looked up", async () => {
    const files = await customClassFiles({ a: { type: "CustomAuthenticator", class_name: "../../etc/passwd.X" } }, dir);
    assert.deepEqual(files["../../etc/passwd.X"]!.tried, []);
    assert.match(files["../../etc/passwd.X"]!.problem!, /refused/);
  });
});
