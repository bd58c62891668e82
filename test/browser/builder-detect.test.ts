import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { STRIPE_BEFORE_DETECT } from "../core/probe/detect-manifest.js";
import { stripe } from "../core/probe/list-apis/cursor-apis.js";
import { pageNumbered } from "../core/probe/list-apis/extra-apis.js";
import { serveListApis, TOKEN } from "../core/probe/list-apis/list-api.js";
import { assertSettledYaml, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
describe("the Builder's Detect in a real browser", () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveListApis>>;
  before(async () => {
    browser = await launchChromium();
    server = await serveListApis([stripe, pageNumbered]);
  });
  after(async () => {
    await browser.close();
    await server.close();
  });

  /** Types the Stripe mock's testing values, opens the customers stream and runs Detect until its proposal shows. */
  async function detect(page: Page, api = "/stripe"): Promise<void> {
    await page.getByRole("button", { name: "Testing values" }).click();
    await page.getByLabel("Base URL", { exact: true }).fill(`${server.origin}${api}`);
    await page.getByLabel("API Key", { exact: true }).fill(TOKEN);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "customers" }).click();
    await page.getByRole("button", { name: "Detect", exact: true }).click();
    await page.getByRole("dialog", { name: "Detect: customers" }).getByRole("list", { name: "Proposed changes" }).waitFor({ timeout: 30_000 });
  }

  it("shows each change with its evidence, and Apply writes them into the manifest, then test-reads", async () => {
    await withBuilderPage(browser, STRIPE_BEFORE_DETECT, async ({ page, dir }) => {
      await detect(page);
      const dialog = page.getByRole("dialog", { name: "Detect: customers" });
      const changes = await dialog.getByRole("list", { name: "Proposed changes" }).innerText();
      assert.match(changes, /record path streams\[0\]\.retriever\.record_selector\.extractor\.field_path: \[\] → \["data"\]/);
      assert.match(changes, /evidence: data is the array of objects \(10 records\)/);
      assert.match(changes, /primary key streams\[0\]\.primary_key: \(none\) → "id"/);
      assert.match(changes, /paginator streams\[0\]\.retriever\.paginator: \(none\) →\s*type: DefaultPaginator[\s\S]*field_name: starting_after/);
      assert.match(changes, /evidence: has_more: true with no cursor or next URL in the body/);
      assert.match(await dialog.innerText(), /Confirmed by reading: 3 pages, 30 records, none repeated; the last id sent as \?starting_after=/);
      assert.equal(await yamlText(page), STRIPE_BEFORE_DETECT, "nothing changes before Apply");

      await dialog.getByRole("button", { name: "Apply" }).click();
      await dialog.waitFor({ state: "detached" });
      // Only the detected lines change: the record path in place, the paginator and the primary key added.
      const paginator = ["      paginator:", "        type: DefaultPaginator", "        pagination_strategy:", "          type: CursorPagination", `          cursor_value: "{{ last_record['id'] }}"`, `          stop_condition: "{{ not response.get('has_more') }}"`, "        page_token_option:", "          type: RequestOption", "          inject_into: request_parameter", "          field_name: starting_after"];
      const expected = STRIPE_BEFORE_DETECT.replace("          field_path: []\n", `          field_path: [data]\n${paginator.join("\n")}\n`).replace("schema: {} }\n", "schema: {} }\n    primary_key: id\n");
      await assertSettledYaml(page, expected);
      // The test read that follows reads with the applied paginator: every customer (43), in the test panel's 5 pages.
      await page.getByRole("status").filter({ hasText: "customers: 43 records in 5 pages" }).waitFor({ timeout: 30_000 });
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), STRIPE_BEFORE_DETECT, "applied to the page's model; saved only by Save");
    });
  });

  it("proposes removing a page parameter written by hand that the paginator sets, with its evidence, and removes it only on Apply", async () => {
    const written = STRIPE_BEFORE_DETECT.replace(`      limit: "10"\n`, `      page: "1" # copied from the URL\n`).replace("/v1/customers", "/api/users");
    await withBuilderPage(browser, written, async ({ page }) => {
      await detect(page, "/page-numbered");
      const dialog = page.getByRole("dialog", { name: "Detect: customers" });
      const changes = await dialog.getByRole("list", { name: "Proposed changes" }).innerText();
      assert.match(changes, /request parameter streams\[0\]\.retriever\.requester\.request_parameters\.page: "1" → \(none\)/);
      assert.match(changes, /evidence: page is written by hand at definitions\.requester\.request_parameters\.page/);
      assert.match(changes, /paginator streams\[0\]\.retriever\.paginator: \(none\) →\s*type: DefaultPaginator[\s\S]*field_name: page\b/);
      assert.equal(await dialog.getByRole("list", { name: "Turned down" }).count(), 0, "the paginator is not turned down");
      assert.equal(await yamlText(page), written, "nothing changes before Apply");

      await dialog.getByRole("button", { name: "Apply" }).click();
      await dialog.waitFor({ state: "detached" });
      // The test read that follows reads with the applied paginator, so the view holds the applied text by then.
      await page.getByRole("status").filter({ hasText: "customers: 23 records in 4 pages" }).waitFor({ timeout: 30_000 });
      const applied = await yamlText(page);
      assert.ok(!applied.includes("page: \"1\""), "the hand-written parameter is removed");
      assert.ok(applied.startsWith(written.slice(0, written.indexOf("    request_parameters:\n"))), "the lines before it are kept");
    });
  });

  it("Dismiss leaves the manifest as it was", async () => {
    await withBuilderPage(browser, STRIPE_BEFORE_DETECT, async ({ page }) => {
      await detect(page);
      const dialog = page.getByRole("dialog", { name: "Detect: customers" });
      await dialog.getByRole("button", { name: "Dismiss" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await yamlText(page), STRIPE_BEFORE_DETECT);
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    });
  });
});
