import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { command } from "../../core/cli/commands/oauth.js";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { answerConsent } from "./oauth-consent-user.js";
import { demoOAuthManifest } from "./oauth-consent-manifest.js";

describe("sluice oauth", () => {
  let api: DemoApi;
  let dir: string;
  before(async () => {
    api = await startDemoApi();
    dir = await mkdtemp(join(tmpdir(), "sluice-oauth-cli-"));
    await writeFile(join(dir, "manifest.yaml"), stringify(demoOAuthManifest({ pkce: true })));
  });
  after(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function run(argv: string[], decision: "allow" | "deny" = "allow") {
    let stderr = "";
    let user: Promise<unknown> | undefined;
    const io = {
      stdout: { write: (t: string) => assert.fail(`nothing belongs on stdout, got ${t}`) },
      stderr: {
        write: (t: string) => {
          stderr += t;
          const line = t.trim();
          if (!user && /^https?:\/\/\S+$/.test(line)) user = answerConsent(line, decision);
        },
      },
      env: {},
      cwd: dir,
      interactive: false,
    };
    const parsed = parseArgs({ args: argv, options: command.options, allowPositionals: false });
    const code = await command.run({ values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals }, io);
    await user;
    return { code, stderr };
  }

  it("prints the consent URL alone on a line, writes the tokens atomically and changes nothing else", async () => {
    const file = join(dir, "config.json");
    const original = { base_url: api.url, start_date: "2024-01-01", credentials: { auth_type: "oauth2.0", client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret }, z_last: [1, 2] };
    await writeFile(file, `${JSON.stringify(original, null, 4)}\n`);
    const { code, stderr } = await run(["--manifest", "manifest.yaml", "--config", "config.json", "--timeout", "10"]);
    assert.equal(code, 0, stderr);
    const lines = stderr.split("\n");
    const urlLine = lines.find((l) => l.startsWith("http"))!;
    assert.ok(urlLine.startsWith(`${api.url}/authz/authorize?`) && !urlLine.includes(" "));
    const text = await readFile(file, "utf8");
    const written = JSON.parse(text) as { credentials: Record<string, string> };
    assert.match(written.credentials.access_token!, /^at_/);
    assert.match(written.credentials.refresh_token!, /^rt_/);
    const { access_token: _a, refresh_token: _r, token_expiry_date: _t, granted_scope: _g, ...rest } = written.credentials;
    assert.deepEqual({ ...written, credentials: rest }, original);
    assert.equal(text, `${JSON.stringify(written, null, 4)}\n`);
    for (const secret of [written.credentials.access_token!, written.credentials.refresh_token!, DEMO_OAUTH_CLIENT.secret]) assert.ok(!stderr.includes(secret));
    assert.ok(stderr.includes("credentials.refresh_token"));
  });

  it("a YAML config keeps its comments; a denied consent leaves the file untouched and exits 1", async () => {
    const file = join(dir, "config.yaml");
    const yaml = `# my connector\nbase_url: ${api.url}  # the demo\ncredentials:\n  client_id: ${DEMO_OAUTH_CLIENT.id}\n  client_secret: ${DEMO_OAUTH_CLIENT.secret}\n`;
    await writeFile(file, yaml);
    const denied = await run(["--manifest", "manifest.yaml", "--config", "config.yaml", "--timeout", "10"], "deny");
    assert.equal(denied.code, 1);
    assert.ok(denied.stderr.includes("OAUTH_ACCESS_DENIED"));
    assert.equal(await readFile(file, "utf8"), yaml);
    const granted = await run(["--manifest", "manifest.yaml", "--config", "config.yaml", "--timeout", "10"]);
    assert.equal(granted.code, 0, granted.stderr);
    const text = await readFile(file, "utf8");
    assert.ok(text.startsWith(`# my connector\nbase_url: ${api.url} # the demo\n`), text);
    assert.match(text, /refresh_token: rt_/);
    assert.match(text, /auth_type: oauth2.0/);
  });

  it("--config is required and a missing client id is reported without a stack trace", async () => {
    const usage = await run(["--manifest", "manifest.yaml"]);
    assert.equal(usage.code, 1);
    assert.ok(usage.stderr.includes("OAUTH_CLI_USAGE"));
    await writeFile(join(dir, "empty.json"), `{"base_url": "${api.url}"}`);
    const missing = await run(["--manifest", "manifest.yaml", "--config", "empty.json"]);
    assert.equal(missing.code, 1);
    assert.ok(missing.stderr.includes("OAUTH_CLIENT_ID_MISSING") && !missing.stderr.includes("    at "));
  });
});
