import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoOAuthManifest } from "../e2e/oauth-consent-manifest.js";
import { launchChromium } from "./support/chromium.js";
import { exitCode, lineMatching } from "./support/child-lines.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
const ROOT = resolve(import.meta.dirname, "../..");

describe("sluice oauth in a real browser", () => {
  let api: DemoApi;
  let dir: string;
  const children: ChildProcess[] = [];
  before(async () => {
    api = await startDemoApi();
    dir = await mkdtemp(join(tmpdir(), "sluice-oauth-browser-"));
  });
  after(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, "SIGKILL");
      await exitCode(child);
    }
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("headless Chromium clicks Allow on the demo consent page and the config gets the tokens", async () => {
    const manifestFile = join(dir, "manifest.yaml");
    const configFile = join(dir, "config.json");
    await writeFile(manifestFile, stringify(demoOAuthManifest({ pkce: true })));
    const config = { base_url: api.url, credentials: { client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret } };
    await writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);

    const cliLog: string[] = [];
    const cli = spawn(process.execPath, ["--import", "tsx", join(ROOT, "core/cli/main.ts"), "oauth", "--manifest", manifestFile, "--config", configFile, "--timeout", "60"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    children.push(cli);
    const cliStdout: string[] = [];
    cli.stdout!.on("data", (c: Buffer) => cliStdout.push(c.toString("utf8")));
    const [consentUrl] = await lineMatching(cli, "stderr", /^https?:\/\/\S+$/, cliLog);
    const cliDone = exitCode(cli);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(consentUrl);
      assert.equal(await page.locator("#scope").textContent(), "read write");
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForFunction(() => (globalThis as unknown as { document: { title: string } }).document.title === "Sluice is connected");
      assert.ok(!(await page.locator("body").innerText()).includes("at_"));
    } finally {
      await browser.close();
    }

    assert.equal(await cliDone, 0, cliLog.join("\n"));
    const written = JSON.parse(await readFile(configFile, "utf8")) as { base_url: string; credentials: Record<string, string> };
    assert.match(written.credentials.access_token!, /^at_/);
    assert.match(written.credentials.refresh_token!, /^rt_/);
    assert.ok(Date.parse(written.credentials.token_expiry_date!) > Date.now());
    assert.equal(written.credentials.client_secret, DEMO_OAUTH_CLIENT.secret);
    assert.equal(written.base_url, api.url);
    const printed = cliLog.join("\n") + cliStdout.join("");
    for (const secret of [written.credentials.access_token!, written.credentials.refresh_token!, DEMO_OAUTH_CLIENT.secret]) assert.ok(!printed.includes(secret));
    const check = await fetch(`${api.url}/authz/userinfo`, { headers: { Authorization: `Bearer ${written.credentials.access_token}` } });
    assert.equal(check.status, 200);
  });
});
