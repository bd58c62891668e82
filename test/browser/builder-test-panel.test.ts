import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { runSluice } from "../support/run-sluice.js";
import { assertSettledValue, replaceYaml, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";
import { PAGED_LOGIN, PAGED_MANIFEST, SESSION_TOKEN, startPagedApi, type PagedApi } from "./support/session-paged-api.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) runs the browser suite.
describe("the Builder's test panel in a real browser", () => {
  let browser: Browser;
  let api: PagedApi;
  before(async () => {
    browser = await launchChromium();
    api = await startPagedApi();
  });
  after(async () => {
    await browser.close();
    await api.close();
  });

  /** Types the testing values as a person does, and opens the `invoices` stream. */
  const enterTestingValues = async (page: Page) => {
    await page.getByRole("button", { name: "Testing values" }).click();
    await page.getByLabel("Base URL", { exact: true }).fill(api.url);
    await page.getByLabel("Username", { exact: true }).fill(PAGED_LOGIN.username);
    await page.getByLabel("Password", { exact: true }).fill(PAGED_LOGIN.password);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "invoices", exact: true }).click();
  };
  const panel = (page: Page) => page.getByRole("region", { name: "Test read: invoices" });

  it("shows every page of a paginated API: its login in a row of its own, requests, responses, records and decisions, with no credential", async () => {
    await withBuilderPage(browser, PAGED_MANIFEST, async ({ page }) => {
      await enterTestingValues(page);
      await page.getByRole("button", { name: "Test", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "invoices: 5 records in 3 pages" }).waitFor();
      const pages = panel(page).getByRole("group", { name: "Pages read" }).getByRole("button");
      assert.deepEqual(await pages.allInnerTexts(), ["Page 1", "Page 2", "Page 3"]);

      // Page 1: the session login first, in its own row, then the page's own request.
      const login = panel(page).getByRole("group", { name: "Auxiliary request: session_login" });
      await login.waitFor();
      await login.locator("summary").first().click();
      assert.match(await login.innerText(), /POST .*\/session/);
      const request = panel(page).getByRole("region", { name: "Page 1" }).getByRole("group", { name: "Request", exact: true });
      assert.match(await request.innerText(), new RegExp(`GET ${api.url}/invoices`));
      await request.getByText("Headers").click();
      assert.match(await request.innerText(), /x-session\s*\*\*\*\*/i);
      await panel(page).getByRole("table", { name: "Records of page 1" }).getByRole("cell", { name: "Grace", exact: true }).waitFor();
      assert.match(await panel(page).getByLabel("Pagination decision").innerText(), /Next page token: "c2"/);
      assert.match(await panel(page).getByLabel("Response body").innerText(), /"customer": "Ada"/, "the body is pretty-printed");

      await pages.nth(1).click();
      assert.match(await panel(page).getByRole("region", { name: "Page 2" }).getByRole("group", { name: "Request", exact: true }).innerText(), /cursor=c2/);
      await panel(page).getByRole("table", { name: "Records of page 2" }).getByRole("cell", { name: "Barbara", exact: true }).waitFor();
      await pages.nth(2).click();
      await panel(page).getByRole("table", { name: "Records of page 3" }).getByRole("cell", { name: "Alan", exact: true }).waitFor();
      assert.match(await panel(page).getByLabel("Pagination decision").innerText(), /Stopped: /);

      // No credential anywhere in the panel, in any form: the password, its base64, the session token.
      const html = await panel(page).innerHTML();
      for (const secret of [PAGED_LOGIN.password, Buffer.from(PAGED_LOGIN.password).toString("base64"), encodeURIComponent(PAGED_LOGIN.password), SESSION_TOKEN]) {
        assert.ok(!html.includes(secret), `the panel shows a credential: ${secret}`);
      }
    });
  });

  it("takes the author from an error about a manifest field to that field and its line in the YAML", async () => {
    await withBuilderPage(browser, PAGED_MANIFEST, async ({ page }) => {
      await enterTestingValues(page);
      await page.getByRole("button", { name: "Global Configuration" }).click();
      const broken = PAGED_MANIFEST.replace("path: /invoices", `path: "/invoices/{{ config['region'] | nosuchfilter }}"`);
      await replaceYaml(page, broken);
      await page.getByRole("button", { name: "Test", exact: true }).click();
      const logs = panel(page).getByRole("log", { name: "Logs" });
      await logs.getByText("TEMPLATE_SYNTAX").waitFor();
      await logs.getByRole("button", { name: "Go to URL Path" }).click();
      await page.getByRole("group", { name: "Stream" }).waitFor();
      const urlPath = page.getByLabel("URL Path", { exact: true });
      await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement?: { id: string } } }).document.activeElement?.id === "field-path-0");
      await assertSettledValue(urlPath, "/invoices/{{ config['region'] | nosuchfilter }}");
      const line = broken.split("\n").findIndex((l) => l.includes("nosuchfilter")) + 1;
      assert.equal(await selectedLine(page), line, "the YAML view selects the field's line");
    });
  });

  it("cancels a test read: the API sees its request aborted, and nothing is written but the testing values", async () => {
    await withBuilderPage(browser, PAGED_MANIFEST, async ({ page, dir }) => {
      await enterTestingValues(page);
      await replaceYaml(page, PAGED_MANIFEST.replace("path: /invoices", "path: /slow"));
      const held = api.slow.length;
      await page.getByRole("button", { name: "Test", exact: true }).click();
      for (let i = 0; api.slow.length === held; i++) {
        assert.ok(i < 200, "the API never got the request");
        await page.waitForTimeout(50);
      }
      await page.getByRole("button", { name: "Cancel test read" }).click();
      await api.slow[held]!.closed; // the server's request closes: the read aborted it
      await panel(page).getByText("The test read was cancelled").waitFor();
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), PAGED_MANIFEST, "the unsaved edit stays unsaved");
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { base_url: api.url, ...PAGED_LOGIN });
    });
  });

  it("accepts the detected schema in one action, and `sluice discover` reports it after Save", async () => {
    await withBuilderPage(browser, PAGED_MANIFEST, async ({ page, dir }) => {
      await enterTestingValues(page);
      await page.getByRole("button", { name: "Test", exact: true }).click();
      const differences = panel(page).getByRole("list", { name: "Schema differences" });
      await differences.getByText("customer: not in the declared schema").waitFor();
      assert.match(await panel(page).getByLabel("Declared schema JSON").innerText(), /declares no schema/);
      await panel(page).getByLabel("Detect date-time formats").check();
      await panel(page).getByLabel("Detected schema JSON").getByText('"format": "date-time"').waitFor();
      await panel(page).getByRole("button", { name: "Use the detected schema" }).click();
      await panel(page).getByText("The records match the declared schema.").waitFor();
      assert.match(await yamlText(page), /schema_loader:\n\s+type: InlineSchemaLoader/);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();

      const discover = await runSluice(["discover", "--config", "secrets/config.json"], dir);
      assert.equal(discover.code, 0, discover.stderr);
      const invoices = discover.messages.find((m) => m.type === "CATALOG")!.catalog.streams.find((s: { name: string }) => s.name === "invoices");
      assert.deepEqual(invoices.json_schema, {
        $schema: "http://json-schema.org/schema#",
        type: "object",
        properties: {
          id: { type: ["number", "null"] },
          customer: { type: ["string", "null"] },
          total: { type: ["number", "null"] },
          paid_at: { type: ["string", "null"], format: "date-time" },
          lines: { type: ["array", "null"], items: { type: ["object", "null"], properties: { sku: { type: ["string", "null"] }, qty: { type: ["number", "null"] } } } },
        },
      });
    });
  });
});

/** The line of the YAML view's selection (CodeMirror's state, found from its content element). */
async function selectedLine(page: Page): Promise<number> {
  return page.getByRole("textbox", { name: "Manifest YAML" }).evaluate((element) => {
    type View = { state: { selection: { main: { from: number } }; doc: { lineAt(pos: number): { number: number } } } };
    const view = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
    if (!view) throw new Error("the YAML view has no CodeMirror state on its content element");
    return view.state.doc.lineAt(view.state.selection.main.from).number;
  });
}
