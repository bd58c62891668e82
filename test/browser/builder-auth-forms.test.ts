import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { parse, stringify } from "yaml";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { startDemoApi } from "../../examples/demo-api/server.js";
import { demoOAuthManifest } from "../e2e/oauth-consent-manifest.js";
import { runSluice } from "../support/run-sluice.js";
import { CREDENTIALS, ITEMS, signedJwt, startAuthApi, type AuthApi } from "./support/auth-api.js";
import { assertSettledValue, chooseAuthMethod, connectorFolder, openPage, replaceYaml, saveAndRead, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.

/** Two streams: users linked to the shared authenticator, orders with a local one of its own. */
const LINKED = `version: 6.0.0
type: DeclarativeSource
definitions:
  auth:
    type: BearerAuthenticator
    api_token: "{{ config['api_key'] }}"
streams:
  - type: DeclarativeStream
    name: users
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: https://api.example.com
        path: /users
        authenticator:
          $ref: "#/definitions/auth"
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
  - type: DeclarativeStream
    name: orders
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: https://api.example.com
        path: /orders
        authenticator:
          type: BearerAuthenticator
          api_token: "{{ config['orders_key'] }}"
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
spec:
  type: Spec
  connection_specification:
    type: object
    properties:
      api_key: { type: string, airbyte_secret: true }
      orders_key: { type: string, airbyte_secret: true }
`;

describe("the Builder's authentication forms in a real browser", () => {
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

  /** From an empty folder: the scaffold opens, the API Base URL points at the loopback API, `steps` fill the form, then Save. */
  async function fromEmptyFolder(steps: (page: Page, dir: string) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), "sluice-builder-auth-"));
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    const page = await browser.newPage();
    try {
      await openPage(page, builder.url);
      await page.getByLabel("API Base URL", { exact: true }).fill(api.url);
      await steps(page, dir);
    } finally {
      await page.close();
      await builder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }


  function assertNoCredentialIn(dir: string, ...values: string[]): void {
    const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
    for (const value of values) assert.ok(!manifest.includes(value), "a credential is never written into the connector");
  }

  it("offers exactly the product's methods, in order", async () => {
    await fromEmptyFolder(async (page, dir) => {
      const options = await page.getByRole("combobox", { name: "Authentication Method" }).first().locator("option").allInnerTexts();
      assert.deepEqual(options, ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "OAuth 2", "Session Token", "Selective Authenticator", "Custom"]);

      await chooseAuthMethod(page, "Selective Authenticator");
      await page.getByText("its authenticators and their inputs are edited in YAML").waitFor();
      assert.match(await page.getByLabel("Selective Authenticator YAML").innerText(), /authenticator_selection_path:/);

      // Custom: the server says whether the class's file is in the folder.
      const name = basename(dir).replace(/\W+/g, "_");
      await chooseAuthMethod(page, "Custom");
      const className = page.getByLabel("Class Name", { exact: true });
      await assertSettledValue(className, `source_${name}.components.CustomAuthenticator`);
      await page.getByText(`No file for source_${name}.components.CustomAuthenticator in the connector folder (looked for source_${name}/components.ts`).waitFor();
      mkdirSync(join(dir, `source_${name}`));
      writeFileSync(join(dir, `source_${name}`, "signer.ts"), "export class Signer {}\n");
      await className.fill(`source_${name}.signer.Signer`);
      await page.getByText(`Found source_${name}/signer.ts in the connector folder.`).waitFor();
    });
  });

  it("No auth: a working read, with no Authorization header and the scaffold's now unused API key input gone", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "No auth");
      api.expect((r) => r.headers.authorization === undefined);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      const manifest = parse(readFileSync(join(dir, "manifest.yaml"), "utf8"));
      assert.deepEqual(Object.keys(manifest.spec.connection_specification.properties), []);
      assert.deepEqual(manifest.spec.connection_specification.required, []);
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), {}, "the dropped input's testing value went with it");
    });
  });

  it("Basic HTTP: Username and Password become user inputs, their values testing values, and the read authenticates", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "Basic HTTP");
      await page.getByLabel("Username", { exact: true }).fill(CREDENTIALS.user);
      const password = page.getByLabel("Password", { exact: true });
      await password.fill(CREDENTIALS.password);
      assert.equal(await password.getAttribute("type"), "password");
      api.expect((r) => r.headers.authorization === `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.password}`).toString("base64")}`);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.password);
      const manifest = parse(readFileSync(join(dir, "manifest.yaml"), "utf8"));
      assert.equal(manifest.spec.connection_specification.properties.password.airbyte_secret, true);
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { username: CREDENTIALS.user, password: CREDENTIALS.password });
    });
  });

  it("Bearer Token: the Token is a secret testing value", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "Bearer Token");
      await page.getByLabel("Token", { exact: true }).fill(CREDENTIALS.apiKey);
      api.expect((r) => r.headers.authorization === `Bearer ${CREDENTIALS.apiKey}`);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.apiKey);
    });
  });

  it("API Key: injected into a header, a query parameter, form body data and a JSON body, each read working", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "API Key");
      await page.getByLabel("API Key", { exact: true }).fill(CREDENTIALS.apiKey);
      const group = page.getByRole("group", { name: "Inject API Key into outgoing HTTP request" });
      api.expect((r) => r.headers["x-api-key"] === CREDENTIALS.apiKey);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);

      await group.getByLabel("Inject into").selectOption("request_parameter");
      await group.getByLabel("Field name").fill("api_key");
      api.expect((r) => r.query.get("api_key") === CREDENTIALS.apiKey);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);

      // A body goes with POST: the stream's HTTP Method (the shared requester's).
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "items" }).click();
      await page.getByLabel("HTTP Method", { exact: true }).selectOption("POST");
      await page.getByRole("button", { name: "Global Configuration" }).click();
      await group.getByLabel("Inject into").selectOption("body_data");
      api.expect((r) => r.method === "POST" && new URLSearchParams(r.body).get("api_key") === CREDENTIALS.apiKey);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);

      await group.getByLabel("Inject into").selectOption("body_json");
      api.expect((r) => r.method === "POST" && (JSON.parse(r.body || "{}") as { api_key?: string }).api_key === CREDENTIALS.apiKey);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.apiKey);
    });
  });

  it("JWT: the product's defaults (Header Prefix Bearer, a Token Duration) and a signed token the API verifies", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "JWT");
      await page.getByLabel("Secret Key", { exact: true }).fill(CREDENTIALS.jwtSecret);
      await assertSettledValue(page.getByLabel("Header Prefix", { exact: true }), "Bearer");
      await assertSettledValue(page.getByLabel("Token Duration", { exact: true }), "1200");
      await assertSettledValue(page.getByLabel("Algorithm", { exact: true }), "HS256");
      // The validator's problem shows next to its field.
      await page.getByLabel("Token Duration", { exact: true }).fill("soon");
      await page.locator(".field", { has: page.getByLabel("Token Duration", { exact: true }) }).getByText("the value has the wrong type").waitFor();
      await page.getByLabel("Token Duration", { exact: true }).fill("1200");
      await page.getByText("the value has the wrong type", { exact: true }).waitFor({ state: "detached" });
      api.expect((r) => signedJwt(r, CREDENTIALS.jwtSecret));
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.jwtSecret);
    });
  });

  it("OAuth 2 (legacy): the refresh token is a testing value; the single-use token the endpoint rotates is written back and the next read uses it", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "OAuth 2");
      // OAuth 2 starts declarative (the product's recommendation); the legacy variant is the toggle off.
      await page.getByLabel("Declarative OAuth Connector Specification", { exact: true }).uncheck();
      await page.getByLabel("Client ID", { exact: true }).fill(CREDENTIALS.clientId);
      await page.getByLabel("Client Secret", { exact: true }).fill(CREDENTIALS.clientSecret);
      // Client credentials take no refresh token: the field goes while that grant is chosen.
      await page.getByLabel("Grant Type", { exact: true }).selectOption("client_credentials");
      await page.getByLabel("Refresh Token", { exact: true }).waitFor({ state: "detached" });
      await page.getByLabel("Grant Type", { exact: true }).selectOption("refresh_token");
      await page.getByLabel("Refresh Token", { exact: true }).fill(CREDENTIALS.refreshToken);
      await page.getByLabel("Token Refresh Endpoint", { exact: true }).fill(`${api.url}/oauth/token`);
      // Scopes are typed space-separated, as a person types them, and written as a list.
      await page.getByLabel("Scopes", { exact: true }).pressSequentially("read write");
      assert.deepEqual((parse(await yamlText(page)) as { definitions: { authenticator: { scopes: string[] } } }).definitions.authenticator.scopes, ["read", "write"]);
      await page.getByLabel("Refresh Token Updater", { exact: true }).check();
      // The Builder's rule: the updater needs an initial access token and its expiry among the testing values.
      const rule = page.getByText("The Refresh Token Updater needs an initial access token (Access Token Value) among the testing values");
      await rule.waitFor();
      await page.getByLabel("Access Token Value", { exact: true }).fill("at_expired");
      await page.getByLabel("Token Expiry Date", { exact: true }).fill("2020-01-01T00:00:00Z");
      await rule.waitFor({ state: "detached" });
      api.expect((r) => api.issued.has(String(r.headers.authorization).replace(/^Bearer /, "")));
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assert.deepEqual(api.refreshed, [CREDENTIALS.refreshToken]);
      const rotated = JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")) as Record<string, string>;
      assert.equal(rotated.client_refresh_token, "rt_2", "the rotated refresh token was written back to the testing values");
      // The old token is dead at the endpoint; the next read works with what was written back.
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.clientSecret, CREDENTIALS.refreshToken);
    });
  });

  it("Session Token: logs in with testing values, injects the session token, and keeps to the product's rules", async () => {
    await fromEmptyFolder(async (page, dir) => {
      await chooseAuthMethod(page, "Session Token");
      const login = page.getByRole("group", { name: "Login Requester" });
      await login.getByLabel("URL", { exact: true }).fill(`${api.url}/session`);
      const loginMethods = await login.getByLabel("Authentication Method", { exact: true }).locator("option").allInnerTexts();
      assert.deepEqual(loginMethods, ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "Selective Authenticator", "Custom"]);
      const duration = page.getByLabel("Expiration Duration", { exact: true });
      await assertSettledValue(duration, "PT1H");
      await duration.fill("1h");
      await page.getByText('Expiration Duration must be an ISO 8601 duration (e.g. PT1H, P1D), found "1h"').waitFor();
      await duration.fill("PT30M");
      await assertSettledValue(page.getByLabel("Session Token Path", { exact: true }), "token");

      await page.getByRole("button", { name: "Testing values" }).click();
      await page.getByLabel("Username", { exact: true }).fill(CREDENTIALS.user);
      await page.getByLabel("Password", { exact: true }).fill(CREDENTIALS.password);
      api.expect((r) => r.headers.authorization === "Bearer sess_1");
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);
      assertNoCredentialIn(dir, CREDENTIALS.password);

      // The data requests' authentication as an API key in a header of the author's naming.
      await page.getByRole("button", { name: "Global Configuration" }).click();
      await page.getByLabel("Data Request Authentication", { exact: true }).selectOption("ApiKey");
      const inject = page.getByRole("group", { name: "Inject Session Token into outgoing HTTP request" });
      await inject.waitFor();
      assert.deepEqual(await inject.getByLabel("Inject into").locator("option").allInnerTexts(), ["(choose)", "Header", "Query Parameter"]);
      await inject.getByLabel("Inject into").selectOption("header");
      await inject.getByLabel("Field name").fill("X-Session");
      api.expect((r) => r.headers["x-session"] === "sess_1" && r.headers.authorization === undefined);
      assert.deepEqual(await saveAndRead(page, dir), ITEMS);

      // A manifest from elsewhere may break the product's rules: it still opens, and the rule is a warning at its field.
      const foreign = (await yamlText(page)).replace(/( +)authenticator:\n +type: NoAuth\n/, '$1authenticator: { type: OAuthAuthenticator, token_refresh_endpoint: "https://x/token", client_id: a, client_secret: b, refresh_token: c }\n');
      assert.match(foreign, /OAuthAuthenticator/);
      await replaceYaml(page, foreign);
      await page.getByText("A session login's authentication may not be OAuth 2").waitFor();
      await assertSettledValue(page.getByRole("group", { name: "Login Requester" }).getByLabel("Authentication Method", { exact: true }), "");
    });
  });

  it("Inputs: the chosen method's input is listed; an input is added, edited, renamed and removed, each in the YAML", async () => {
    await fromEmptyFolder(async (page) => {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Inputs" }).click();
      const apiKey = page.getByRole("group", { name: "api_key" });
      assert.ok(await apiKey.getByLabel("Secret", { exact: true }).isChecked());
      assert.ok(await apiKey.getByLabel("Required", { exact: true }).isChecked());
      await page.getByLabel("Input name", { exact: true }).fill("region");
      await page.getByRole("button", { name: "Add input" }).click();
      const region = page.getByRole("group", { name: "region" });
      await region.getByLabel("Title", { exact: true }).fill("Region");
      await region.getByLabel("Description", { exact: true }).fill("Where the account lives");
      await region.getByLabel("Allowed values", { exact: true }).fill("eu, us");
      await region.getByLabel("Allowed values", { exact: true }).press("Enter");
      await region.getByLabel("Default", { exact: true }).fill("eu");
      await region.getByLabel("Required", { exact: true }).check();
      await region.getByLabel("Name", { exact: true }).fill("zone");
      await region.getByLabel("Name", { exact: true }).press("Enter");
      const spec = async () => (parse(await yamlText(page)) as { spec: { connection_specification: { required: string[]; properties: Record<string, unknown> } } }).spec.connection_specification;
      await page.getByRole("group", { name: "zone" }).waitFor();
      assert.deepEqual((await spec()).properties.zone, { type: "string", title: "Region", order: 1, description: "Where the account lives", enum: ["eu", "us"], default: "eu" });
      assert.deepEqual((await spec()).required, ["api_key", "zone"]);
      await page.getByRole("button", { name: "Remove zone" }).click();
      assert.deepEqual(Object.keys((await spec()).properties), ["api_key"]);
      assert.deepEqual((await spec()).required, ["api_key"]);
    });
  });

  it("links a place to the shared authenticator keeping its own values, unlinks it, and links it again keeping the shared ones", async () => {
    await withBuilderPage(browser, LINKED, async ({ page }) => {
      const yaml = async () => parse(await yamlText(page)) as { definitions: { auth: { api_token: string } }; streams: Array<{ retriever: { requester: { authenticator: Record<string, string> } } }> };
      await page.getByText("The streams do not share one authenticator").waitFor();
      // The first stream's `$ref` leads the form to the definition it edits.
      await page.getByText("Defined in definitions.auth.").waitFor();
      const shared = page.getByRole("group", { name: "Shared authenticator definitions.auth" });
      await shared.getByText("A change to it applies to: Data requests of stream users.").waitFor();
      const orders = shared.getByRole("switch", { name: "Data requests of stream orders uses the shared authenticator definitions.auth" });

      await orders.click(); // not check(): the place stays unlinked until the dialog is answered
      const dialog = page.getByRole("dialog", { name: "Which values to keep?" });
      // The dialog shows how they differ: both values of each field.
      const row = dialog.getByRole("table", { name: "Values that differ" }).getByRole("row", { name: /api_token/ });
      assert.deepEqual(await row.getByRole("cell").allInnerTexts(), ["{{ config['api_key'] }}", "{{ config['orders_key'] }}"]);
      await dialog.getByRole("button", { name: "Keep this place's values" }).click();
      await shared.getByText("A change to it applies to: Data requests of stream users; Data requests of stream orders.").waitFor();
      let manifest = await yaml();
      assert.equal(manifest.definitions.auth.api_token, "{{ config['orders_key'] }}");
      assert.deepEqual(manifest.streams[1]!.retriever.requester.authenticator, { $ref: "#/definitions/auth" });
      await page.getByText("The streams do not share one authenticator").waitFor({ state: "detached" });

      await orders.uncheck();
      assert.deepEqual((await yaml()).streams[1]!.retriever.requester.authenticator, { type: "BearerAuthenticator", api_token: "{{ config['orders_key'] }}" });

      await replaceYaml(page, LINKED);
      await orders.click();
      await dialog.getByRole("button", { name: "Keep the shared values" }).click();
      await shared.getByText("A change to it applies to: Data requests of stream users; Data requests of stream orders.").waitFor();
      manifest = await yaml();
      assert.equal(manifest.definitions.auth.api_token, "{{ config['api_key'] }}");
      assert.deepEqual(manifest.streams[1]!.retriever.requester.authenticator, { $ref: "#/definitions/auth" });

      // Nothing shared yet: one place's authenticator is shared, and the other linked to it.
      const inline = LINKED.replace(/definitions:\n(    .*\n|  auth:\n)+/, "").replace('          $ref: "#/definitions/auth"', "          type: BearerAuthenticator\n          api_token: \"{{ config['api_key'] }}\"");
      await replaceYaml(page, inline);
      await page.getByRole("button", { name: "Share the authenticator of Data requests of stream users" }).click();
      const made = page.getByRole("group", { name: "Shared authenticator definitions.authenticator" });
      await made.getByRole("switch", { name: "Data requests of stream orders uses the shared authenticator definitions.authenticator" }).click();
      await dialog.getByRole("button", { name: "Keep the shared values" }).click();
      await made.getByText("A change to it applies to: Data requests of stream users; Data requests of stream orders.").waitFor();
      assert.deepEqual((await yaml()).streams[0]!.retriever.requester.authenticator, { $ref: "#/definitions/authenticator" });
    });
  });

  it("OAuth 2 (declarative): Authorize runs the consent from the page, the tokens land in the testing values, and the read uses them", async () => {
    const demo = await startDemoApi();
    const dir = connectorFolder(stringify(demoOAuthManifest({ pkce: true })));
    mkdirSync(join(dir, "secrets"), { mode: 0o700 });
    writeFileSync(join(dir, "secrets/config.json"), JSON.stringify({ base_url: demo.url, credentials: { client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret } }), { mode: 0o600 });
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    const page = await browser.newPage();
    try {
      await openPage(page, builder.url);
      await assertSettledValue(page.getByRole("combobox", { name: "Authentication Method" }).first(), "OAuth 2");
      assert.ok(await page.getByLabel("Declarative OAuth Connector Specification", { exact: true }).isChecked());
      assert.match(await page.getByLabel("Consent URL", { exact: true }).inputValue(), /authz\/authorize/);
      const popup = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Authorize" }).click();
      const consent = await popup;
      await consent.getByRole("button", { name: "Allow" }).click();
      await consent.waitForFunction(() => (globalThis as unknown as { document: { title: string } }).document.title === "Sluice is connected");
      await page.getByText("Consent granted: the tokens were written to the testing values (credentials.access_token").waitFor();
      const written = JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")) as { credentials: Record<string, string> };
      assert.match(written.credentials.access_token!, /^at_/);
      assert.match(written.credentials.refresh_token!, /^rt_/);
      assert.equal(written.credentials.client_secret, DEMO_OAUTH_CLIENT.secret);
      assert.ok(!(await page.content()).includes(written.credentials.refresh_token!), "no token is shown on the page");
      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      assert.equal(read.messages.filter((m) => m.type === "RECORD").length, 1);
    } finally {
      await page.close();
      await builder.close();
      await demo.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
