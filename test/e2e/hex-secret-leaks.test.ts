import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { useLoopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { runCli } from "../support/run-cli.js";

// The attack of issue 22: an API that echoes the key hex-encoded (lower- or upper-case) in its error
// body; read, test-read (both outputs) and check printed it. Hex of a secret is a registered form now.
const SECRET = "key-live-7f3a9c2e51";
const HEX = [Buffer.from(SECRET).toString("hex"), Buffer.from(SECRET).toString("hex").toUpperCase()];
const dir = mkdtempSync(join(tmpdir(), "sluice-hex-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("a secret echoed hex-encoded is masked in every output", () => {
  const api = useLoopback(() => ({ status: 400, body: { error: `key ${HEX[0]} (${HEX[1]}) is not allowed here` } }));

  const commands: Array<[string, string[]]> = [
    ["read", ["read", "--manifest", "manifest.yaml", "--config", "config.json"]],
    ["test-read", ["test-read", "--manifest", "manifest.yaml", "--config", "config.json", "--stream", "items"]],
    ["test-read --json", ["test-read", "--manifest", "manifest.yaml", "--config", "config.json", "--stream", "items", "--json"]],
    ["check", ["check", "--manifest", "manifest.yaml", "--config", "config.json"]],
  ];
  for (const [name, args] of commands) {
    it(`${name} prints neither hex form of the key`, async () => {
      const manifest = oneStreamManifest({
        urlBase: api.url,
        requester: { authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", header: "X-Api-Key" } },
        source: { spec: { type: "Spec", connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } } },
      });
      writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
      writeFileSync(join(dir, "config.json"), JSON.stringify({ api_key: SECRET }));
      const run = await runCli(args, dir);
      const printed = run.stdout + run.stderr;
      assert.match(printed, /is not allowed here/, `the API's error is shown: ${printed}`);
      for (const form of [SECRET, ...HEX]) assert.ok(!printed.includes(form), `${form} was printed by ${name}:\n${printed}`);
      assert.match(printed, /\*\*\*\*/);
    });
  }
});
