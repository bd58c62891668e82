/**
 * What `sluice image` leaves out of a connector's build context (issue 36, "Also"): files that hold
 * configuration or credentials by their name (a root `config.json`, `.npmrc`, `secrets.bak/`, a private
 * key) and by their content (a JSON file with a credential value, a PEM key, an npm token), besides
 * `secrets/`; and what it keeps (schemas, code, the manifest, a JSON schema naming `api_key`).
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { stageImageContext } from "../../../core/image/stage-image-context.js";
import { runCli } from "../../support/run-cli.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END RSA PRIVATE KEY-----\n";

/** Files that must stay out, and files that must stay in. */
const LEFT_OUT: Record<string, string> = {
  "config.json": '{"api_key": "sk-live-0001"}',
  ".npmrc": "//registry.npmjs.org/:_authToken=npm_abcdef123456\n",
  "secrets.bak/config.json": '{"api_key": "sk-live-0002"}',
  "credentials.json": '{"type": "service_account"}',
  "deploy/id_rsa": PEM,
  "keys/server.pem": PEM,
  "notes/prod-settings.json": '{"base_url": "https://api.example.com", "credentials": {"client_secret": "cs-live-0003"}}',
  "sample.yaml": "api_token: tok-live-0004\n",
  "tls/signing.txt": PEM,
};
const KEPT: Record<string, string> = {
  "manifest.yaml": "version: 6.0.0\ntype: DeclarativeSource\nstreams: []\n",
  "schemas/users.json": '{"type": "object", "properties": {"api_key": {"type": "string"}, "token": {"type": ["null", "string"]}}}',
  "components.ts": "export const pageSize = 100;\n",
  "secret-signer.ts": "export class SecretSigner {}\n",
  "source_acme/credentials.py": "class CredentialsAuthenticator: pass\n",
  "README.md": "# acme\n\nRun with `--config secrets/config.json`.\n",
  "sample_config.json": '{"api_key": "{{ your key }}", "start_date": "2024-01-01"}',
  "sluice.config.json": '{"manifest": "./manifest.yaml", "http": {"maxRedirects": 3}}',
};

describe("sluice image leaves configuration and credentials out of the build context", () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-image-credentials-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [path, text] of Object.entries({ ...LEFT_OUT, ...KEPT })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }

  it("stages neither by name nor by content, and lists what it left out", () => {
    const context = stageImageContext(dir, { kind: "installed", root: ROOT }, ROOT);
    try {
      for (const path of Object.keys(LEFT_OUT)) assert.ok(!existsSync(join(context.dir, "connector", path)), `${path} is in the build context`);
      for (const path of Object.keys(KEPT)) assert.ok(existsSync(join(context.dir, "connector", path)), `${path} was left out`);
      assert.ok(!existsSync(join(context.dir, "connector", "secrets.bak")));
      const listed = context.leftOut.map((entry) => entry.path);
      for (const path of ["config.json", ".npmrc", "secrets.bak", "credentials.json", "deploy/id_rsa", "keys/server.pem", "notes/prod-settings.json", "sample.yaml", "tls/signing.txt"]) {
        assert.ok(listed.includes(path), `${path} is not in the list of what was left out: ${listed.join(", ")}`);
      }
      assert.ok(context.leftOut.every((entry) => entry.reason.length > 0));
      assert.ok(!JSON.stringify(context.leftOut).includes("sk-live"), "the list never quotes a value");
    } finally {
      context.remove();
    }
  });

  it("sluice image --dry-run says what it left out and why, quoting no value", async () => {
    const run = await runCli(["image", dir, "--engine", "podman", "--dry-run"], dir);
    assert.equal(run.code, 0, run.stderr);
    const staged = /# build context staged in (\S+)/.exec(run.stdout)![1]!;
    rmSync(staged, { recursive: true, force: true });
    assert.match(run.stderr, /left out of the image \(configuration or credentials; pass the config at run time\):/);
    assert.match(run.stderr, /^ {2}config\.json: named like a credentials or config file$/m);
    assert.match(run.stderr, /^ {2}notes\/prod-settings\.json: holds a value under the credential name 'client_secret'$/m);
    assert.match(run.stderr, /^ {2}tls\/signing\.txt: holds a private key$/m);
    assert.doesNotMatch(run.stderr, /sk-live|cs-live|tok-live|npm_abc/);
  });
});
