/**
 * The Builder's "secret in the manifest" guard (issue 36, item 7): a secret testing value is found in the
 * manifest however it is written (a YAML block scalar, a double-quoted scalar with escapes, single-quoted,
 * `\x` escapes) and also when the text has a syntax error further down. Through the real server.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { basePath, send, SHARED_MANIFEST } from "./builder-support.js";

const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n";
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", client_email: "x@y.iam", private_key: PEM });

/** The shared manifest with `extra` written as the `users` stream's description. */
const described = (extra: string) => SHARED_MANIFEST.replace("    name: users\n", `    name: users\n    description: ${extra}\n`);

/** Each attack: the secret testing value and the manifest text that holds it. */
const ATTACKS: Array<{ name: string; secret: string; text: string }> = [
  { name: "a PEM key as a YAML block scalar", secret: PEM, text: described(`|\n${PEM.trimEnd().split("\n").map((line) => `      ${line}`).join("\n")}`) },
  { name: "a JSON service-account key double-quoted with escapes", secret: SERVICE_ACCOUNT, text: described(JSON.stringify(SERVICE_ACCOUNT)) },
  { name: 'a password with " and \\ double-quoted', secret: 'pa"ss\\word-77', text: described(JSON.stringify('pa"ss\\word-77')) },
  { name: "a password with ' single-quoted", secret: "it's-a-secret-9", text: described("'it''s-a-secret-9'") },
  { name: "a key written with YAML \\x escapes", secret: "sk-live-abcdef", text: described('"\\x73\\x6b-live-abcdef"') },
  { name: "a key in a manifest with a YAML error further down", secret: "sk-live-broken-1", text: `${described("sk-live-broken-1")}streams: [\n  - {\n` },
];

describe("the Builder never saves a secret testing value in the manifest, however it is written", () => {
  let dir: string;
  let builder: RunningBuilder;
  const call = (method: string, path: string, body?: unknown) => send(builder.port, method, `${basePath(builder.url)}api/${path}`, { body });
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-builder-guard-"));
    writeFileSync(join(dir, "manifest.yaml"), SHARED_MANIFEST);
    builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  });
  after(async () => {
    await builder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const attack of ATTACKS) {
    it(`refuses ${attack.name}`, async () => {
      assert.equal((await call("PUT", "testing-values", { values: { base_url: "https://api.example.com", api_key: attack.secret } })).status, 200);
      const { hash } = (await call("GET", "manifest")).json<{ hash: string }>();
      const answer = await call("PUT", "manifest", { text: attack.text, baseHash: hash });
      assert.equal(answer.status, 422, answer.body);
      assert.equal(answer.json<{ error: { code: string } }>().error.code, "BUILDER_TESTING_VALUE_IN_MANIFEST");
      assert.ok(!answer.body.includes(attack.secret), "the answer does not repeat the value");
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST);
    });
  }

  it("still saves a manifest that only references the secret", async () => {
    await call("PUT", "testing-values", { values: { base_url: "https://api.example.com", api_key: PEM } });
    const { hash } = (await call("GET", "manifest")).json<{ hash: string }>();
    const answer = await call("PUT", "manifest", { text: described("\"uses {{ config['api_key'] }}\""), baseHash: hash });
    assert.equal(answer.status, 200, answer.body);
    writeFileSync(join(dir, "manifest.yaml"), SHARED_MANIFEST);
  });
});
