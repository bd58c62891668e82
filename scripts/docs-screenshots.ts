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
import { PAGED_LOGIN, PAGED_MANIFEST, startPagedApi } from "../test/browser/support/session-paged-api.js";
import type { Browser } from "playwright-core";
import { screenshotDetect } from "./docs-screenshots/detect.js";
import { screenshotStreamSections } from "./docs-screenshots/stream-sections.js";

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

  // Authentication: an API Key in a shared definition, with its injection group and the link switches.
  const original = readFileSync(join(dir, "manifest.yaml"), "utf8");
  const shared = original
    .replace("definitions:\n", 'definitions:\n  auth:\n    type: ApiKeyAuthenticator\n    api_token: "{{ config[\'api_key\'] }}"\n    inject_into: { type: RequestOption, inject_into: header, field_name: X-Api-Key }\n')
    .replace(/    authenticator:\n      type: BearerAuthenticator\n      api_token: .*\n/, '    authenticator: { $ref: "#/definitions/auth" }\n');
  await replaceYaml(page, shared);
  await page.keyboard.press("Escape"); // the YAML view's completion, opened by the typing
  await page.getByRole("group", { name: "Inject API Key into outgoing HTTP request" }).waitFor();
  await page.getByRole("group", { name: "Authentication" }).scrollIntoViewIfNeeded();
  await page.getByLabel("Authentication Method", { exact: true }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, "authentication.png") });

  await page.getByRole("button", { name: "Inputs", exact: true }).click();
  await page.getByRole("heading", { name: "Inputs" }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, "inputs.png") });
  await replaceYaml(page, original);
  await page.getByRole("button", { name: "Global Configuration" }).click();

  // A stream page, with a typo the validator points at in both views.
  await page.getByRole("button", { name: "invoices", exact: true }).click();
  await page.getByLabel("URL Path", { exact: true }).fill("/invoices");
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  await replaceYaml(page, manifest.replace("http_method: GET", "http_method: GET\n    timeout_secs: 30"));
  await page.getByText("1 warning").waitFor();
  await page.getByRole("button", { name: "Show URL Path in YAML" }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, "stream.png") });

  // The same stream's Pagination section: a cursor paginator shared by every stream through definitions.
  await page.getByRole("group", { name: "Pagination", exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Show Stop condition in YAML" }).waitFor().catch(() => undefined);
  await page.getByRole("group", { name: "Inject cursor into outgoing HTTP request", exact: true }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, "pagination.png") });

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
  await testPanelScreenshots(browser);
  await screenshotDetect(browser, out);
  await screenshotStreamSections(browser, out);
  console.log(`docs:screenshots: wrote ${["global-configuration", "authentication", "inputs", "stream", "pagination", "testing-values", "changed-on-disk", "test-panel", "test-panel-error", "detected-schema", "detect", "stream-sections", "testing-with-state"].map((n) => `docs/builder/${n}.png`).join(", ")}`);
} finally {
  await browser.close();
  await builder.close();
  rmSync(dirname(dir), { recursive: true, force: true });
}

/** The test panel on a paginated loopback API behind a session login (test/browser/support/session-paged-api.ts). */
async function testPanelScreenshots(browser: Browser): Promise<void> {
  const api = await startPagedApi();
  const folder = join(mkdtempSync(join(tmpdir(), "sluice-docs-")), "invoicing");
  mkdirSync(join(folder, "secrets"), { recursive: true, mode: 0o700 });
  writeFileSync(join(folder, "manifest.yaml"), PAGED_MANIFEST);
  writeFileSync(join(folder, "secrets/config.json"), `${JSON.stringify({ base_url: api.url, ...PAGED_LOGIN }, null, 2)}\n`, { mode: 0o600 });
  const paged = await startBuilder(createSluice({ logLevel: "error" }), { dir: folder });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1 });
    await openPage(page, paged.url);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "invoices", exact: true }).click();
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "invoices: 5 records in 3 pages" }).waitFor();
    await page.getByRole("group", { name: "Auxiliary request: session_login" }).locator("summary").first().click();
    await page.getByRole("group", { name: "Request", exact: true }).getByText("Headers").click();
    await page.getByRole("heading", { name: "Test read: invoices" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, "test-panel.png") });

    await page.getByLabel("Detect date-time formats").check();
    await page.getByLabel("Detected schema JSON").getByText('"format": "date-time"').waitFor();
    await page.getByRole("heading", { name: "Detected schema" }).evaluate((h) => h.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, "detected-schema.png") });

    await replaceYaml(page, PAGED_MANIFEST.replace("path: /invoices", `path: "/invoices/{{ config['region'] | nosuchfilter }}"`));
    await page.getByRole("button", { name: "Test", exact: true }).click();
    await page.getByRole("log", { name: "Logs" }).getByRole("button", { name: "Go to URL Path" }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, "test-panel-error.png") });
  } finally {
    await paged.close();
    await api.close();
    rmSync(dirname(folder), { recursive: true, force: true });
  }
}
