import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { runSluice } from "../support/run-sluice.js";
import { CREDENTIALS, ITEMS, signedJwt, startAuthApi, type AuthApi } from "./support/auth-api.js";
import { withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.

/** One stream of the loopback API's `/items`, no authentication yet: the page chooses it. */
function itemsManifest(url: string): string {
  return `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [items] }
streams:
  - type: DeclarativeStream
    name: items
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: ${url}
        path: /items
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
spec:
  type: Spec
  connection_specification:
    type: object
    properties: {}
`;
}

describe("the Builder's key/value rows in the authentication forms, in a real browser", () => {
  let browser: Browser;
  let api: AuthApi;
  before(async () => {
    browser = await launchChromium();
    api = await startAuthApi();
  });
  after(async () => {
    await browser.close();
    await api.close();
  });

  async function chooseMethod(page: Page, name: string): Promise<void> {
    await page.getByRole("combobox", { name: "Authentication Method" }).first().selectOption(name);
    await page.locator("#auth-method").and(page.locator(`:has(option:checked:text-is("${name}"))`)).waitFor();
  }

  /** Adds a row to a key/value group, as a person does: the add button, the key, then the value. */
  async function addRow(group: Locator, noun: string, key: string, value: string): Promise<void> {
    const rows = await group.getByLabel(/^Key \d+$/).count();
    await group.getByRole("button", { name: `Add ${noun}` }).click();
    await group.getByLabel(`Key ${rows + 1}`, { exact: true }).fill(key);
    await group.getByLabel(`Value ${rows + 1}`, { exact: true }).fill(value);
  }

  async function saveAndRead(page: Page, dir: string): Promise<unknown[]> {
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
    assert.equal(read.code, 0, read.stderr);
    return read.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data);
  }

  it("Session Token: the login's query parameters, headers and body are key/value rows with the stream's template checks and variables", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseMethod(page, "Session Token");
      const login = page.getByRole("group", { name: "Login Requester" });
      await login.getByLabel("URL", { exact: true }).fill(`${api.url}/session`);
      // The method's body, as rows: the credentials are user inputs.
      const body = login.getByRole("group", { name: "Request Body" });
      assert.equal(await body.getByLabel("Key 1", { exact: true }).inputValue(), "username");
      assert.equal(await body.getByLabel("Value 1", { exact: true }).inputValue(), "{{ config['username'] }}");
      assert.equal(await body.getByLabel("Key 2", { exact: true }).inputValue(), "password");
      await body.getByText("Variables: config, next_page_token").waitFor();

      const headers = login.getByRole("group", { name: "Request Headers" });
      await addRow(headers, "header", "X-Client", "builder-{{ config['username'] }}");
      const params = login.getByRole("group", { name: "Query Parameters" });
      await addRow(params, "query parameter", "tenant", "{{ config['username' }}");
      // A template syntax error is shown under its row, as on a stream's request.
      const problem = params.getByRole("listitem").filter({ hasText: /template/i });
      await problem.waitFor();
      assert.equal(await problem.getAttribute("class"), "error");
      await params.getByLabel("Value 1", { exact: true }).fill("acme");
      await problem.waitFor({ state: "detached" });
      assert.match(await yamlText(page), /request_headers:\n\s+X-Client: builder-\{\{ config\['username'\] \}\}\n/);

      await page.getByRole("button", { name: "Testing values" }).click();
      await page.getByLabel("Username", { exact: true }).fill(CREDENTIALS.user);
      await page.getByLabel("Password", { exact: true }).fill(CREDENTIALS.password);
      api.expect((r) => r.headers.authorization === "Bearer sess_1");
      const seen = api.seen.length;
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      const loginRequest = api.seen.slice(seen).find((r) => r.path === "/session");
      assert.equal(loginRequest?.headers["x-client"], `builder-${CREDENTIALS.user}`);
      assert.equal(loginRequest?.query.get("tenant"), "acme");
    });
  });

  it("JWT: Additional JWT Headers and Payload are key/value rows, and the signed token carries them", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseMethod(page, "JWT");
      await page.getByLabel("Secret Key", { exact: true }).fill(CREDENTIALS.jwtSecret);
      const headers = page.getByRole("group", { name: "Additional JWT Headers" });
      await headers.getByText("Variables: config.").waitFor();
      await addRow(headers, "header", "x-team", "data");
      await addRow(page.getByRole("group", { name: "Additional JWT Payload" }), "claim", "scope", "read");
      api.expect((r) => signedJwt(r, CREDENTIALS.jwtSecret));
      const seen = api.seen.length;
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      const jwt = String(api.seen.slice(seen).find((r) => r.path === "/items")?.headers.authorization).replace(/^Bearer /, "").split(".");
      const part = (i: number) => JSON.parse(Buffer.from(jwt[i]!, "base64url").toString("utf8")) as Record<string, unknown>;
      assert.equal(part(0)["x-team"], "data");
      assert.equal(part(1).scope, "read");
    });
  });
});
