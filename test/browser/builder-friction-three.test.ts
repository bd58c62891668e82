import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import type { Loopback } from "../plugins/auth/support/loopback.js";
import { browserAndDataApi, chooseAuthMethod, connectorFolder, openPage, replaceYaml, withBuilderPage, yamlText } from "./support/builder-fixture.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.

const TOKEN = "tok-friction-3a9c";

/** `/users` and `/orders` at `url` behind a Bearer token from `config['api_key']`. */
function bearerManifest(url: string): string {
  const stream = (name: string) => `  - type: DeclarativeStream
    name: ${name}
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: ${url}
        path: /${name}
        authenticator: { type: BearerAuthenticator, api_token: "{{ config['api_key'] }}" }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
`;
  return `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
streams:
${stream("users")}${stream("orders")}spec:
  type: Spec
  connection_specification:
    type: object
    required: [api_key]
    properties:
      api_key: { type: string, title: API Key, airbyte_secret: true }
`;
}

function nav(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name, exact: true });
}

describe("the Builder's friction points, round three, in a real browser", () => {
  const shared = browserAndDataApi(TOKEN);
  let browser: Browser;
  let api: Loopback;
  before(() => {
    browser = shared.browser();
    api = shared.api();
  });

  /** A Builder on a new empty folder (the scaffold), removed after. */
  async function fromEmptyFolder(steps: (page: Page) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), "sluice-builder-friction-"));
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    const page = await browser.newPage();
    try {
      await openPage(page, builder.url);
      await steps(page);
    } finally {
      await page.close();
      await builder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("a 401 in the test panel links to the credential's field, and the field is focused", async () => {
    await withBuilderPage(browser, bearerManifest(api.url), async ({ page }) => {
      // Folded, the Authentication section unfolds when the page goes to its credential.
      await page.getByRole("button", { name: "Fold Authentication" }).click();
      await nav(page, "users").click();
      await page.getByRole("button", { name: "Test", exact: true }).click();
      const panel = page.getByRole("region", { name: "Test read: users" });
      await panel.getByText("The API answered 401 Unauthorized: it refused the credential.").waitFor();
      await panel.getByRole("button", { name: "Go to Token" }).click();
      await page.getByRole("heading", { name: "Global Configuration" }).waitFor();
      await waitForFocus(page, "auth-api_token");
      await page.getByLabel("Token", { exact: true }).fill(TOKEN);
      await nav(page, "users").click();
      await page.getByRole("button", { name: "Test", exact: true }).click();
      await panel.getByRole("status").filter({ hasText: "users: 2 records in 1 page" }).waitFor();
      assert.equal(await panel.getByText("it refused the credential").count(), 0);
    }, { api_key: "tok-wrong-0000" });
  });

  it("a literal secret refused on Save is a problem at its line, saying to use {{ config['...'] }}", async () => {
    await withBuilderPage(browser, bearerManifest(api.url), async ({ page }) => {
      const text = bearerManifest(api.url).replace("path: /users", `path: /users\n        request_headers: { X-Key: ${TOKEN} }`);
      await replaceYaml(page, text);
      await page.keyboard.press("Escape");
      const line = text.split("\n").findIndex((l) => l.includes(TOKEN)) + 1;
      await page.getByRole("button", { name: "Save" }).click();
      const item = page.getByRole("list", { name: "Problems" }).getByRole("listitem").filter({ hasText: "secret input api_key" });
      await item.waitFor();
      assert.match(await item.innerText(), new RegExp(`^line ${line} `));
      assert.match(await item.innerText(), /write \{\{ config\['api_key'\] \}\} instead/);
      assert.doesNotMatch(await item.innerText(), new RegExp(TOKEN), "the problem never shows the value");
      await page.getByRole("status").filter({ hasText: "Not saved: The manifest contains a secret testing value" }).waitFor();
    }, { api_key: TOKEN });
  });

  it("a session login's data request authentication reads 'API Key'", async () => {
    await fromEmptyFolder(async (page) => {
      await chooseAuthMethod(page, "Session Token");
      const select = page.getByLabel("Data Request Authentication", { exact: true });
      assert.deepEqual(await select.locator("option").allInnerTexts(), ["Bearer", "API Key"]);
      await select.selectOption({ label: "API Key" });
      assert.match(await yamlText(page), /request_authentication:\s*\n\s*type: ApiKey/);
    });
  });

  it("OAuth 2: the declarative variant is first and on; the legacy fields fold away; the Client ID is not masked; the query params box fits its value", async () => {
    await fromEmptyFolder(async (page) => {
      await chooseAuthMethod(page, "OAuth 2");
      const toggle = page.getByLabel("Declarative OAuth Connector Specification", { exact: true });
      await assertChecked(toggle);
      const order = await page.locator("#auth-client_id, .declarative-oauth").evaluateAll((els) => els.map((e) => (e.id ? e.id : e.className)));
      assert.deepEqual(order, ["declarative-oauth", "auth-client_id"], "the declarative consent comes before the legacy fields");
      assert.equal(await page.getByLabel("Grant Type", { exact: true }).isVisible(), false, "a legacy field is folded away while the consent is on");
      await page.getByText("Legacy OAuth fields").click();
      await page.getByLabel("Grant Type", { exact: true }).waitFor();
      assert.equal(await page.getByLabel("Client ID", { exact: true }).getAttribute("type"), "text");
      assert.equal(await page.getByLabel("Client Secret", { exact: true }).getAttribute("type"), "password");
      const params = page.getByLabel("Access Token Query Params (Json Encoded)", { exact: true });
      const lines = (await params.inputValue()).split("\n").length;
      assert.ok(lines > 2);
      assert.equal(await params.getAttribute("rows"), String(lines), "the box is as tall as its value");
      await toggle.uncheck();
      await page.getByLabel("Grant Type", { exact: true }).waitFor();
      assert.equal(await page.getByText("Legacy OAuth fields").count(), 0);
      // Another method drops the consent OAuth 2 wrote.
      await toggle.check();
      await chooseAuthMethod(page, "API Key");
      assert.doesNotMatch(await yamlText(page), /advanced_auth/);
    });
  });

  it("the scaffold's header comments follow the methods chosen", async () => {
    await fromEmptyFolder(async (page) => {
      assert.match(await yamlText(page), /^# Authentication: Bearer token/m);
      await chooseAuthMethod(page, "API Key");
      await page.getByRole("textbox", { name: "Manifest YAML" }).getByText("# Authentication: API Key (chosen in the Builder)").waitFor();
      await nav(page, "items").click();
      await page.getByLabel("Pagination Method", { exact: true }).selectOption({ label: "Page Increment" });
      await page.getByRole("textbox", { name: "Manifest YAML" }).getByText("# Pagination: Page Increment (chosen in the Builder)").waitFor();
      const comments = (await yamlText(page)).split("\n").filter((l) => l.startsWith("#"));
      assert.equal(comments.filter((l) => /Bearer token|Offset: \?limit/.test(l)).length, 0, comments.join("\n"));
    });
  });

  it("no empty fields while the first analysis is on its way: the form appears with its values", async () => {
    const dir = connectorFolder(bearerManifest(api.url));
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    const page = await browser.newPage();
    try {
      // The first value the API Base URL field ever shows, recorded as it enters the page.
      await page.addInitScript(`new MutationObserver(() => {
        const field = document.getElementById("field-url_base-0");
        if (field && window.firstBaseUrl === undefined) window.firstBaseUrl = field.value;
      }).observe(document, { childList: true, subtree: true });`);
      await openPage(page, builder.url);
      assert.equal(await page.evaluate("window.firstBaseUrl"), api.url);
    } finally {
      await page.close();
      await builder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a checkbox's note says checking it adds the key, not typing", async () => {
    await fromEmptyFolder(async (page) => {
      await nav(page, "items").click();
      await page.getByRole("switch", { name: "Incremental Sync" }).check();
      await page.locator("#incremental-sync-0").getByText("Advanced", { exact: true }).click();
      const feed = page.getByLabel("Data Feed API", { exact: true });
      assert.equal(await feed.getAttribute("type"), "checkbox");
      const note = page.locator(`#${await feed.getAttribute("aria-describedby").then((ids) => ids!.split(" ")[0])}`);
      assert.match(await note.innerText(), /^Not set; checking it adds streams\[0\]\.incremental_sync\.is_data_feed\./);
    });
  });

  it("the layout: the form column keeps its width when the test panel opens (beside it on a wide screen, under it on a narrower one); Remove stream sits by the title; sections fold; Alt+Arrow keys move between pages", async () => {
    for (const width of [1280, 1700]) {
      await withBuilderPage(browser, bearerManifest(api.url), async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await nav(page, "users").click();
        const forms = page.locator("main.forms");
        const before = (await forms.boundingBox())!;
        const remove = (await page.getByRole("button", { name: "Remove stream users" }).boundingBox())!;
        const stream = (await page.getByRole("group", { name: "Stream", exact: true }).boundingBox())!;
        assert.ok(remove.y + remove.height <= stream.y, "Remove stream is by the title, above the first section");
        await page.getByRole("button", { name: "Test", exact: true }).click();
        const panel = page.getByRole("region", { name: "Test read: users" });
        await panel.getByRole("status").filter({ hasText: "users: 2 records in 1 page" }).waitFor();
        const after = (await forms.boundingBox())!;
        const box = (await panel.boundingBox())!;
        assert.equal(after.width, before.width, `the form column keeps its width at ${width}px`);
        if (width >= 1600) assert.ok(box.x >= after.x + after.width - 1, "beside the form on a wide screen");
        else assert.ok(box.y >= after.y + after.height - 1, "under the form on a narrower screen");
        assert.equal(await forms.getByRole("region", { name: "Test read: users" }).count(), 0, "the results are not in the form's column, under its buttons");
      }, { api_key: TOKEN });
    }
    await withBuilderPage(browser, bearerManifest(api.url), async ({ page }) => {
      await nav(page, "users").click();
      const pagination = page.getByRole("group", { name: "Pagination", exact: true });
      await pagination.getByRole("button", { name: "Fold Pagination" }).click();
      await pagination.getByLabel("Pagination", { exact: true }).waitFor({ state: "hidden" });
      await pagination.getByRole("button", { name: "Unfold Pagination" }).click();
      await pagination.getByLabel("Pagination", { exact: true }).waitFor();

      await nav(page, "Global Configuration").click();
      await page.keyboard.press("Alt+ArrowDown");
      await page.getByRole("heading", { name: "Stream: users" }).waitFor();
      await waitForFocus(page, "nav-stream-0");
      await page.keyboard.press("Alt+ArrowDown");
      await page.getByRole("heading", { name: "Stream: orders" }).waitFor();
      await page.keyboard.press("Alt+ArrowUp");
      await page.keyboard.press("Alt+ArrowUp");
      await page.getByRole("heading", { name: "Global Configuration" }).waitFor();
      await page.keyboard.press("Alt+ArrowUp");
      await page.getByRole("heading", { name: "Testing values" }).waitFor();
      assert.equal(await nav(page, "Testing values").getAttribute("aria-current"), "page", "the keys wrap around");
      // Ctrl+Enter tests (the first stream from a page that is not a stream's), as the product's hotkey.
      await page.keyboard.press("Control+Enter");
      await page.getByRole("region", { name: "Test read: users" }).getByRole("status").filter({ hasText: "users: 2 records in 1 page" }).waitFor();
    }, { api_key: TOKEN });
  });
});

/** Waits until the element with `id` has the focus. */
async function waitForFocus(page: Page, id: string): Promise<void> {
  await page.waitForFunction((want) => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id === want, id);
}

async function assertChecked(control: Locator): Promise<void> {
  await control.waitFor();
  await control.page().waitForFunction((el) => (el as unknown as { checked: boolean }).checked, await control.elementHandle());
}

