import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { BuilderFolder } from "../../../core/builder/builder-folder.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-builder-folder-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("the Builder's testing values file", () => {
  it("is read and written as --config is: an integer past 2^53 keeps its digits both ways", async () => {
    const { folder } = await BuilderFolder.open(join(dir, "exact"));
    mkdirSync(join(dir, "exact", "secrets"), { recursive: true });
    writeFileSync(folder.configFile, '{"account_id": 9007199254740993, "api_key": "k"}');
    const values = await folder.readTestingValues();
    assert.equal(values.account_id, 9007199254740993n);
    await folder.writeTestingValues({ ...values, api_key: "k2" });
    assert.match(readFileSync(folder.configFile, "utf8"), /"account_id": 9007199254740993,/);
  });

  it("that is not JSON is named by line and column, without quoting its text (it holds credentials)", async () => {
    const { folder } = await BuilderFolder.open(join(dir, "broken"));
    mkdirSync(join(dir, "broken", "secrets"), { recursive: true });
    writeFileSync(folder.configFile, '{\n  "api_key": "sk-live-123"\n  "x": 1\n}');
    await assert.rejects(folder.readTestingValues(), (error: Error & { code?: string }) => {
      assert.equal(error.code, "CONFIG_PARSE");
      assert.match(error.message, /line 3, column 3/);
      assert.ok(!JSON.stringify(error).includes("sk-live-123") && !error.message.includes("sk-live-123"));
      return true;
    });
  });
});
