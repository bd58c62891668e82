import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { SluiceError } from "../../../sdk/index.js";
import { BuilderConsent } from "../../../core/builder/builder-consent.js";
import { BuilderFolder } from "../../../core/builder/builder-folder.js";
import { startBuilder } from "../../../core/builder/builder-server.js";
import { createSluice } from "../../../core/index.js";
import { basePath, send } from "./builder-support.js";
import { demoOAuthManifest } from "../../e2e/oauth-consent-manifest.js";

describe("the declarative OAuth consent run from the Builder's page", () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  async function folderWith(text: string, values: Record<string, unknown>): Promise<BuilderFolder> {
    const dir = mkdtempSync(join(tmpdir(), "sluice-builder-consent-"));
    dirs.push(dir);
    writeFileSync(join(dir, "manifest.yaml"), text);
    const { folder } = await BuilderFolder.open(dir);
    await folder.writeTestingValues(values);
    return folder;
  }

  it("a manifest without spec.advanced_auth is refused with the consent's coded error, before any URL", async () => {
    const manifest = demoOAuthManifest() as { spec: Record<string, unknown> };
    delete manifest.spec.advanced_auth;
    const consent = new BuilderConsent(await folderWith(stringify(manifest), {}));
    await assert.rejects(consent.start(stringify(manifest)), (error: unknown) => error instanceof SluiceError && error.code.startsWith("OAUTH_"));
    assert.equal(consent.status().state, "failed");
  });

  it("gives the consent URL, runs one consent at a time, and says when it timed out without printing a testing value", async () => {
    const text = stringify(demoOAuthManifest());
    const secret = "client-secret-ffe1c9";
    const consent = new BuilderConsent(await folderWith(text, { base_url: "http://127.0.0.1:9", credentials: { client_id: "client-1", client_secret: secret } }), 300);
    const { url, redirectUri } = await consent.start(text);
    assert.match(url, /^http:\/\/127\.0\.0\.1:9\/authz\/authorize\?/);
    assert.match(redirectUri, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    assert.equal(consent.status().state, "waiting");
    await assert.rejects(consent.start(text), (error: unknown) => error instanceof SluiceError && error.code === "BUILDER_BAD_REQUEST");
    for (let i = 0; i < 50 && consent.status().state === "waiting"; i++) await sleep(20);
    const status = consent.status();
    assert.equal(status.state, "failed");
    assert.equal(status.code, "OAUTH_CONSENT_TIMEOUT");
    assert.ok(!JSON.stringify(status).includes(secret));
  });

  it("of three consents started at once, one starts and two are refused (one at a time)", async () => {
    const text = stringify(demoOAuthManifest());
    const consent = new BuilderConsent(await folderWith(text, { base_url: "http://127.0.0.1:9", credentials: { client_id: "client-1", client_secret: "s-123456" } }));
    const outcomes = await Promise.allSettled([consent.start(text), consent.start(text), consent.start(text)]);
    assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) assert.equal((outcome.reason as SluiceError).code, "BUILDER_BAD_REQUEST");
    await consent.close();
    assert.equal(consent.status().state, "failed");
  });

  it("closing the Builder with a consent waiting stops the consent at once: its callback server is gone", async () => {
    const text = stringify(demoOAuthManifest());
    const folder = await folderWith(text, { base_url: "http://127.0.0.1:9", credentials: { client_id: "client-1", client_secret: "s-123456" } });
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir: folder.dir });
    const answer = await send(builder.port, "POST", `${basePath(builder.url)}api/oauth/consent`, { body: { text } });
    assert.equal(answer.status, 200, answer.body);
    const { redirectUri } = answer.json<{ redirectUri: string }>();
    assert.equal((await fetch(redirectUri)).status, 400, "the callback server waits (a callback without state is refused)");
    await builder.close();
    await assert.rejects(fetch(redirectUri), "the callback server no longer listens");
  });
});
