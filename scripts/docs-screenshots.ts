/**
 * `npm run docs:screenshots`: the screenshots of the Builder that docs/builder.md shows, made from the
 * page itself in Debian's chromium (playwright-core) on the connector in
 * scripts/docs-screenshots/acme-manifest.yaml. Run it when a change alters a view, and commit the PNGs;
 * tests never write them.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createSluice } from "../core/index.js";
import { startBuilder } from "../core/builder/builder-server.js";
import { launchChromium } from "../test/browser/support/chromium.js";
import { openPage, replaceYaml } from "../test/browser/support/builder-fixture.js";
import { screenshotDetect } from "./docs-screenshots/detect.js";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "docs", "builder");
mkdirSync(out, { recursive: true });
const dir = join(mkdtempSync(join(tmpdir(), "sluice-docs-")), "acme");
mkdirSync(dir);
copyFileSync(join(root, "scripts/docs-screenshots/acme-manifest.yaml"), join(dir, "manifest.yaml"));
mkdirSync(join(dir, "secrets"), { mode: 0o700 });
writeFileSync(join(dir, "secrets/config.json"), `${JSON.stringify({ api_key: "sk_test_51Hx9", page_size: 50 }, null, 2)}\n`, { mode: 0o600 });

const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 780 }, deviceScaleFactor: 1 });
  await openPage(page, builder.url);
  await page.screenshot({ path: join(out, "global-configuration.png") });

  // A stream page, with a typo the validator points at in both views.
  await page.getByRole("button", { name: "invoices", exact: true }).click();
  await page.getByLabel("URL Path", { exact: true }).fill("/invoices");
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  await replaceYaml(page, manifest.replace("http_method: GET", "http_method: GET\n    timeout_secs: 30"));
  await page.getByText("1 warning").waitFor();
  await page.getByRole("button", { name: "Show URL Path in YAML" }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, "stream.png") });

  await page.getByRole("button", { name: "Testing values" }).click();
  await page.getByLabel("Start date", { exact: true }).fill("2024-13-01x");
  await page.getByText("a required field is missing").waitFor({ state: "detached" }).catch(() => undefined);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, "testing-values.png") });

  // Someone edits manifest.yaml in another editor; the page asks before overwriting it.
  await page.getByRole("button", { name: "Global Configuration" }).click();
  writeFileSync(join(dir, "manifest.yaml"), `# edited elsewhere\n${manifest}`);
  await page.getByLabel("API Base URL", { exact: true }).fill("https://api.acme.example/v2");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("alertdialog").waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, "changed-on-disk.png") });
  await screenshotDetect(browser, out);
  console.log(`docs:screenshots: wrote ${["global-configuration", "stream", "testing-values", "changed-on-disk", "detect"].map((n) => `docs/builder/${n}.png`).join(", ")}`);
} finally {
  await browser.close();
  await builder.close();
  rmSync(dirname(dir), { recursive: true, force: true });
}
