import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../core/builder/builder-server.js";
import { SHARED_MANIFEST } from "../core/builder/builder-support.js";
import { connectorFolder, openPage } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
describe("the Builder refuses what a browser can be made to send", () => {
  let browser: Browser;
  let builder: RunningBuilder;
  let dir: string;
  let evil: Server;
  let evilUrl: string;
  const refusals: string[] = [];
  before(async () => {
    // rebind.test resolves to 127.0.0.1, as an attacker's name does after a DNS rebinding.
    browser = await launchChromium({ args: ["--host-resolver-rules=MAP rebind.test 127.0.0.1"] });
    dir = connectorFolder(SHARED_MANIFEST);
    builder = await startBuilder(createSluice({ logLevel: "error" }), { dir, onRefused: (refusal) => refusals.push(refusal.reason) });
    // Another site the author has open: it knows the Builder's URL (token included) and tries to write.
    evil = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>evil</title><script>
        const target = ${JSON.stringify(builder.url)};
        const body = JSON.stringify({ text: "pwned: true\\n", baseHash: "x", overwrite: true });
        window.attempts = Promise.allSettled([
          fetch(target + "api/manifest", { method: "PUT", mode: "no-cors", headers: { "content-type": "text/plain" }, body }),
          fetch(target + "api/manifest", { method: "PUT", headers: { "content-type": "application/json" }, body }),
          fetch(target + "api/session").then((r) => r.text()),
        ]).then((results) => results.map((r) => r.status + ":" + (r.value && typeof r.value === "string" ? r.value.slice(0, 40) : "")));
      </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
    evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`;
  });
  after(async () => {
    await browser.close();
    await builder.close();
    await new Promise<void>((resolve) => evil.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves nothing without the session token", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://127.0.0.1:${builder.port}/`);
    assert.equal(response?.status(), 404);
    assert.match(await page.locator("body").innerText(), /open the URL `sluice builder` printed/);
    const wrong = await page.goto(`http://127.0.0.1:${builder.port}/${"A".repeat(43)}/`);
    assert.equal(wrong?.status(), 404);
    await page.close();
  });

  it("refuses its own URL reached through another host name (DNS rebinding)", async () => {
    const page = await browser.newPage();
    const response = await page.goto(builder.url.replace("127.0.0.1", "rebind.test"));
    assert.equal(response?.status(), 403);
    assert.match(await page.locator("body").innerText(), /DNS rebinding/);
    await page.close();
  });

  it("refuses requests a page of another origin sends, and nothing it sends reaches the manifest", async () => {
    const page = await browser.newPage();
    refusals.length = 0;
    await page.goto(evilUrl);
    const outcomes = await page.evaluate(() => (globalThis as unknown as { attempts: Promise<string[]> }).attempts);
    assert.ok(outcomes.every((o) => !o.includes("version")), outcomes.join(", "));
    // Each attempt that reaches the server is refused by its Origin (a preflighted one stops at its OPTIONS).
    assert.ok(refusals.length >= 2 && refusals.every((r) => r.includes(`foreign origin '${evilUrl.slice(0, -1)}'`)), refusals.join("\n"));
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST);
    await page.close();
  });

  it("still serves the page at the printed URL", async () => {
    const page = await browser.newPage();
    await openPage(page, builder.url);
    await page.close();
  });
});
