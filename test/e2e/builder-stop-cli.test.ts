/**
 * `sluice builder` stopped with Ctrl-C while an OAuth consent waits for its redirect (issue 36, item 13):
 * the process ends at once (it ran on until the consent's 3-minute timeout), as a user runs it.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { stringify } from "yaml";
import { BIN } from "../support/run-sluice.js";
import { send } from "../core/builder/builder-support.js";
import { demoOAuthManifest } from "./oauth-consent-manifest.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-builder-stop-"));
after(() => rmSync(dir, { recursive: true, force: true }));

it("Ctrl-C with a consent waiting stops sluice builder at once, its callback server closed", { timeout: 60_000 }, async () => {
  const text = stringify(demoOAuthManifest());
  writeFileSync(join(dir, "manifest.yaml"), text);
  const child = spawn(process.execPath, [BIN, "builder", dir, "--no-open"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  while (!/http:\/\/127\.0\.0\.1:\d+\/\S+\//.test(stdout)) await once(child.stdout, "data");
  const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/\S+\//.exec(stdout)![0]);
  const call = (method: string, path: string, body?: unknown) => send(Number(url.port), method, `${url.pathname}api/${path}`, { body });
  assert.equal((await call("PUT", "testing-values", { values: { base_url: "http://127.0.0.1:9", credentials: { client_id: "client-1", client_secret: "s-123456" } } })).status, 200);
  const started = await call("POST", "oauth/consent", { text });
  assert.equal(started.status, 200, started.body);
  const { redirectUri } = started.json<{ redirectUri: string }>();
  assert.equal((await fetch(redirectUri)).status, 400, "the consent waits for its redirect");
  const exited = once(child, "exit");
  child.kill("SIGINT");
  const [code] = await exited;
  assert.equal(code, 0, stderr);
  assert.match(stderr, /Builder stopped\./);
  await assert.rejects(fetch(redirectUri), "the callback server is closed");
});
