import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { parse } from "yaml";
import { CREDENTIALS, ITEMS, signedJwt, startAuthApi, type AuthApi } from "./support/auth-api.js";
import { assertSettledValue, chooseAuthMethod, saveAndRead, withBuilderPage, yamlText } from "./support/builder-fixture.js";
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

/** The same manifest with an authenticator written on the stream's requester (`lines`: its YAML at the requester's indentation). */
function itemsManifestWith(url: string, lines: string): string {
  return itemsManifest(url).replace("        path: /items\n", `        path: /items\n        authenticator:\n${lines.replace(/^/gm, "          ")}\n`);
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

  /** Adds a row to a key/value group, as a person does: the add button, the key, then the value. */
  async function addRow(group: Locator, noun: string, key: string, value: string): Promise<void> {
    const rows = await group.getByLabel(/^Key \d+$/).count();
    await group.getByRole("button", { name: `Add ${noun}` }).click();
    await group.getByLabel(`Key ${rows + 1}`, { exact: true }).fill(key);
    await group.getByLabel(`Value ${rows + 1}`, { exact: true }).fill(value);
  }

  /** Adds a row whose template is broken, sees the template error under it, then types the working one. */
  async function addRowFixingTemplate(group: Locator, noun: string, key: string, broken: string, value: string): Promise<void> {
    await addRow(group, noun, key, broken);
    const problem = group.getByRole("listitem").filter({ hasText: /template/i });
    await problem.waitFor();
    await group.getByLabel(`Value ${await group.getByLabel(/^Key \d+$/).count()}`, { exact: true }).fill(value);
    await problem.waitFor({ state: "detached" });
  }

  /** Types the login's testing values, saves, reads (the items behind the session token): the login request the API saw. */
  async function loginAndRead(page: Page, dir: string) {
    await page.getByRole("button", { name: "Testing values" }).click();
    await page.getByLabel("Username", { exact: true }).fill(CREDENTIALS.user);
    await page.getByLabel("Password", { exact: true }).fill(CREDENTIALS.password);
    api.expect((r) => r.headers.authorization === "Bearer sess_1");
    const seen = api.seen.length;
    assert.deepEqual(await saveAndRead(page, dir), ITEMS);
    return api.seen.slice(seen).find((r) => r.path === "/session");
  }

  it("Session Token: the login's query parameters, headers and body are key/value rows with the stream's template checks and variables", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseAuthMethod(page, "Session Token");
      const login = page.getByRole("group", { name: "Login Requester" });
      await login.getByLabel("URL", { exact: true }).fill(`${api.url}/session`);
      // The method's body, as rows: the credentials are user inputs.
      const body = login.getByRole("group", { name: "Request Body" });
      await assertSettledValue(body.getByLabel("Key 1", { exact: true }), "username");
      await assertSettledValue(body.getByLabel("Value 1", { exact: true }), "{{ config['username'] }}");
      await assertSettledValue(body.getByLabel("Key 2", { exact: true }), "password");
      await body.getByText(/Variables: config\.$/).waitFor();

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

      const loginRequest = await loginAndRead(page, dir);
      assert.equal(loginRequest?.headers["x-client"], `builder-${CREDENTIALS.user}`);
      assert.equal(loginRequest?.query.get("tenant"), "acme");
    });
  });

  it("JWT: Additional JWT Headers and Payload are key/value rows, and the signed token carries them", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseAuthMethod(page, "JWT");
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

  it("Session Token: a Form body is key/value rows too, and the login endpoint sees the form the rows say", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseAuthMethod(page, "Session Token");
      const login = page.getByRole("group", { name: "Login Requester" });
      await login.getByLabel("URL", { exact: true }).fill(`${api.url}/session`);
      const body = login.getByRole("group", { name: "Request Body" });
      await body.getByLabel("Body Type", { exact: true }).selectOption("Form encoded (key-value pairs)");
      const form = body.getByRole("group", { name: "Form body" });
      await form.getByText(/Variables: config\.$/).waitFor();
      // The template check under its row, as on a stream's form body.
      await addRowFixingTemplate(form, "body property", "username", "{{ config['username' }}", "{{ config['username'] }}");
      await addRow(form, "body property", "password", "{{ config['password'] }}");
      const written = (parse(await yamlText(page)) as { streams: Array<{ retriever: { requester: { authenticator: { login_requester: Record<string, unknown> } } } }> }).streams[0]!.retriever.requester.authenticator.login_requester;
      assert.deepEqual(written.request_body_data, { username: "{{ config['username'] }}", password: "{{ config['password'] }}" });
      assert.equal(written.request_body_json, undefined);

      const loginRequest = await loginAndRead(page, dir);
      assert.match(String(loginRequest?.headers["content-type"]), /application\/x-www-form-urlencoded/);
      assert.deepEqual(Object.fromEntries(new URLSearchParams(loginRequest?.body)), { username: CREDENTIALS.user, password: CREDENTIALS.password });
    });
  });

  it("OAuth 2: Refresh Request Body and Refresh Request Headers are key/value rows, and the token endpoint sees them", async () => {
    await withBuilderPage(browser, itemsManifest(api.url), async ({ page, dir }) => {
      await chooseAuthMethod(page, "OAuth 2");
      // OAuth 2 starts declarative (the product's recommendation); the legacy variant is the toggle off.
      await page.getByLabel("Declarative OAuth Connector Specification", { exact: true }).uncheck();
      await page.getByLabel("Client ID", { exact: true }).fill(CREDENTIALS.clientId);
      await page.getByLabel("Client Secret", { exact: true }).fill(CREDENTIALS.clientSecret);
      await page.getByLabel("Refresh Token", { exact: true }).fill(CREDENTIALS.refreshToken);
      await page.getByLabel("Token Refresh Endpoint", { exact: true }).fill(`${api.url}/oauth/token`);
      const body = page.getByRole("group", { name: "Refresh Request Body" });
      await body.getByText("Variables: config.").waitFor();
      await addRowFixingTemplate(body, "body property", "audience", "{{ config['client_id'] ", "{{ config['client_id'] }}-api");
      await addRow(page.getByRole("group", { name: "Refresh Request Headers" }), "header", "X-Tenant", "acme");
      api.expect((r) => api.issued.has(String(r.headers.authorization).replace(/^Bearer /, "")));
      const seen = api.seen.length;
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      const refresh = api.seen.slice(seen).find((r) => r.path === "/oauth/token");
      assert.equal(refresh?.headers["x-tenant"], "acme");
      assert.equal(new URLSearchParams(refresh?.body).get("audience"), `${CREDENTIALS.clientId}-api`);
    });
  });

  it("a body rows cannot hold opens as written: a form body written as a template string, a nested refresh body; nothing flattened, the file unchanged, the read works", async () => {
    const stringBody = itemsManifestWith(
      api.url,
      `type: SessionTokenAuthenticator
login_requester:
  type: HttpRequester
  url_base: ${api.url}/session
  http_method: POST
  request_body_data: "username={{ config['username'] }}&password={{ config['password'] }}"
session_token_path: [token]
request_authentication: { type: Bearer }`,
    );
    await withBuilderPage(
      browser,
      stringBody,
      async ({ page, dir }) => {
        const body = page.getByRole("group", { name: "Login Requester" }).getByRole("group", { name: "Request Body" });
        await assertSettledValue(body.getByLabel("Body Type", { exact: true }), "data");
        assert.equal(await body.getByLabel("Form body as written").textContent(), "username={{ config['username'] }}&password={{ config['password'] }}");
        await body.getByText("A template string, not key/value rows: shown as written; edit it in the YAML.").waitFor();
        assert.equal(await body.getByLabel(/^Key \d+$/).count(), 0);
        api.expect((r) => r.headers.authorization === "Bearer sess_1");
        const seen = api.seen.length;
        assert.deepEqual(await saveAndRead(page, dir), ITEMS);
        assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), stringBody);
        assert.deepEqual(Object.fromEntries(new URLSearchParams(api.seen.slice(seen).find((r) => r.path === "/session")?.body)), { username: CREDENTIALS.user, password: CREDENTIALS.password });
      },
      { username: CREDENTIALS.user, password: CREDENTIALS.password },
    );

    const nested = itemsManifestWith(
      api.url,
      `type: OAuthAuthenticator
client_id: "{{ config['client_id'] }}"
client_secret: "{{ config['client_secret'] }}"
refresh_token: "{{ config['client_refresh_token'] }}"
token_refresh_endpoint: ${api.url}/oauth/token
refresh_request_body:
  audience: api
  claims: { scope: [read, write] }`,
    );
    await withBuilderPage(browser, nested, async ({ page }) => {
      const body = page.getByRole("group", { name: "Refresh Request Body" });
      await assertSettledValue(body.getByLabel("Key 2", { exact: true }), "claims");
      const value = body.getByLabel("Value 2", { exact: true });
      await assertSettledValue(value, '{"scope":["read","write"]}');
      assert.equal(await value.getAttribute("readonly"), "");
      await body.getByText("A nested value, shown as JSON: edit it in the YAML.").waitFor();
      // The flat row next to it is edited in place; the nested value keeps its bytes.
      await body.getByLabel("Value 1", { exact: true }).fill("api2");
      assert.equal(await yamlText(page), nested.replace("audience: api\n", "audience: api2\n"));
    });
  });
});
