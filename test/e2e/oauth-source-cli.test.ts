import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { main } from "../../core/cli/main.js";
import { createSluice } from "../../core/index.js";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { answerConsent } from "./oauth-consent-user.js";
import { demoOAuthManifest } from "./oauth-consent-manifest.js";
import { filesUnder, leakedIn } from "./sources-concurrency-support.js";

describe("sluice oauth --source NAME", () => {
  let api: DemoApi;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let clientConfig: string;
  before(async () => {
    api = await startDemoApi();
    dir = await mkdtemp(join(tmpdir(), "sluice-oauth-source-"));
    env = { SLUICE_HOME: join(dir, "home") };
    await writeFile(join(dir, "manifest.yaml"), stringify(demoOAuthManifest({ pkce: true })));
    // Only what the user has before the consent: the API's address and the OAuth app's credentials.
    clientConfig = `${JSON.stringify({ base_url: api.url, credentials: { auth_type: "oauth2.0", client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret } }, null, 2)}\n`;
    await writeFile(join(dir, "client.json"), clientConfig);
  });
  after(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `sluice args`, playing the user who allows the consent when its URL is printed. */
  async function sluice(args: string[]): Promise<{ code: number; stdout: string; stderr: string; consented: boolean }> {
    let stdout = "";
    let stderr = "";
    let user: Promise<unknown> | undefined;
    const code = await main(args, {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: {
        write: (t: string) => {
          stderr += t;
          const line = t.trim();
          if (!user && /^https?:\/\/\S+$/.test(line)) user = answerConsent(line, "allow");
        },
      },
      env,
      cwd: dir,
      interactive: false,
    });
    await user;
    return { code, stdout, stderr, consented: user !== undefined };
  }

  /** The stored source, decrypted (as `sluice read --source` sees it). */
  async function stored(name: string): Promise<{ config: Record<string, any>; secretPaths: string[] }> {
    const host = createSluice({ sources: { env } });
    try {
      const { record } = await host.sources.open(name);
      return { config: record.config, secretPaths: record.secretPaths.map((path) => path.join(".")) };
    } finally {
      await host.close();
    }
  }

  it("takes the manifest and client credentials from the source and commits the tokens into its encrypted secrets; read --source then uses them", async () => {
    const added = await sluice(["sources", "add", "acme", "--manifest", "manifest.yaml", "--config", "client.json"]);
    assert.equal(added.code, 0, added.stderr);

    const granted = await sluice(["oauth", "--source", "acme", "--timeout", "10"]);
    assert.equal(granted.code, 0, granted.stderr);
    assert.match(granted.stderr, /Consent granted\. Wrote credentials\.access_token, credentials\.refresh_token.* to source acme \(encrypted\)\./);

    const { config, secretPaths } = await stored("acme");
    const { access_token: access, refresh_token: refresh } = config.credentials as Record<string, string>;
    assert.match(access, /^at_/);
    assert.match(refresh, /^rt_/);
    for (const path of ["credentials.access_token", "credentials.refresh_token", "credentials.client_secret"]) assert.ok(secretPaths.includes(path), `${path} is not stored as a secret`);
    // No plain file got a token: the config file is as it was, and the store's files hold none in any form.
    assert.equal(await readFile(join(dir, "client.json"), "utf8"), clientConfig);
    for (const token of [access, refresh]) {
      assert.ok(!leakedIn(filesUnder(dir), token), "a token is in plaintext in a file");
      assert.ok(!granted.stderr.includes(token) && !granted.stdout.includes(token));
    }

    const shown = await sluice(["sources", "show", "acme"]);
    assert.ok(!shown.stdout.includes(access) && !shown.stdout.includes(refresh) && shown.stdout.includes("****"));

    const read = await sluice(["read", "--source", "acme"]);
    assert.equal(read.code, 0, read.stderr);
    assert.equal(read.stdout.split("\n").filter((line) => line.includes('"RECORD"')).length, 1);
  });

  it("with --manifest and --config, a source that does not exist yet is created with the tokens; the config file is not written", async () => {
    const created = await sluice(["oauth", "--source", "fresh", "--manifest", "manifest.yaml", "--config", "client.json", "--timeout", "10"]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /to the new source fresh \(encrypted\)\./);
    const { config } = await stored("fresh");
    assert.match(String(config.credentials.refresh_token), /^rt_/);
    assert.equal(await readFile(join(dir, "client.json"), "utf8"), clientConfig);
  });

  it("refuses --config with an existing source, and an unknown source, before any consent starts", async () => {
    const conflict = await sluice(["oauth", "--source", "acme", "--config", "client.json", "--timeout", "10"]);
    assert.deepEqual([conflict.code, conflict.consented], [1, false]);
    assert.match(conflict.stderr, /SOURCE_CONFLICT[\s\S]*--source acme brings its own manifest and config/);
    const unknown = await sluice(["oauth", "--source", "nobody", "--timeout", "10"]);
    assert.deepEqual([unknown.code, unknown.consented], [1, false]);
    assert.match(unknown.stderr, /SOURCE_NOT_FOUND[\s\S]*--manifest M and --config C to create 'nobody'/);
  });
});
