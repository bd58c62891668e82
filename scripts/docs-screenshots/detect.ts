/**
 * The screenshot of the Builder's Detect dialog for docs/builder.md (`npm run docs:screenshots` runs it
 * after the others): a hand-written Stripe-like connector without records path, primary key or
 * paginator, read from the loopback Stripe list API the tests use.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { openPage } from "../../test/browser/support/builder-fixture.js";
import { STRIPE_BEFORE_DETECT } from "../../test/core/probe/detect-manifest.js";
import { stripe } from "../../test/core/probe/list-apis/cursor-apis.js";
import { serveListApis, TOKEN } from "../../test/core/probe/list-apis/list-api.js";

/** Writes `detect.png` into `out`. */
export async function screenshotDetect(browser: Browser, out: string): Promise<string> {
  const server = await serveListApis([stripe]);
  const dir = join(mkdtempSync(join(tmpdir(), "sluice-docs-detect-")), "stripe");
  mkdirSync(join(dir, "secrets"), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, "manifest.yaml"), STRIPE_BEFORE_DETECT);
  writeFileSync(join(dir, "secrets/config.json"), JSON.stringify({ base_url: `${server.origin}/stripe`, api_key: TOKEN }), { mode: 0o600 });
  const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 780 }, deviceScaleFactor: 1 });
    await openPage(page, builder.url);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "customers" }).click();
    await page.getByRole("button", { name: "Detect", exact: true }).click();
    await page.getByRole("list", { name: "Proposed changes" }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    const path = join(out, "detect.png");
    await page.screenshot({ path });
    return path;
  } finally {
    await builder.close();
    await server.close();
    rmSync(join(dir, ".."), { recursive: true, force: true });
  }
}
