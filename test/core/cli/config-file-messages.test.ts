import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { runCli } from "../../support/run-cli.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

describe("a config file a new user got wrong", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "sluice-config-messages-"));
    const manifest = oneStreamManifest({ urlBase: "https://api.example.com" }) as Record<string, unknown>;
    manifest.spec = { type: "Spec", connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } };
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("a syntax error names the line and column, and never shows the text (it may hold a credential)", async () => {
    writeFileSync(join(dir, "bad.json"), '{\n  "api_key": "sk_live_secret"\n  "region": "eu"\n}\n');
    for (const command of ["check", "validate"]) {
      const run = await runCli([command, "--config", "bad.json"], dir);
      assert.equal(run.code, 1, command);
      const text = run.stdout + run.stderr;
      assert.match(text, /\[CONFIG_PARSE\] The config file is not valid JSON \(line 3, column 3\)/, command);
      assert.match(text, /bad\.json:3:3/, command);
      assert.ok(!text.includes("sk_live_secret"), command);
    }
  });

  it("a missing file says 'no such file' with the path", async () => {
    const run = await runCli(["check", "--config", "secrets/confg.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stderr, new RegExp(`\\[CONFIG_NOT_FOUND\\] no such file: ${join(dir, "secrets", "confg.json").replace(/[.]/g, "\\.")}`));
  });

  it("a misspelled config key gets a did-you-mean", async () => {
    writeFileSync(join(dir, "typo.json"), JSON.stringify({ api_kye: "sk_live_secret" }));
    const run = await runCli(["validate", "--config", "typo.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /config\.api_key \[CONFIG_INVALID\]\n {2}a required field is missing \(the config has 'api_kye': did you mean 'api_key'\?\)/);
    assert.ok(!run.stdout.includes("sk_live_secret"));
  });
});
