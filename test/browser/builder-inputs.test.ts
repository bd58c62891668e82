import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { parse } from "yaml";
import { runSluice } from "../support/run-sluice.js";
import type { Loopback } from "../plugins/auth/support/loopback.js";
import { assertSettledValue, startDataApi, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.

const TOKEN = "tok-5e1f0c";

/** A connector reading `/users` at `url`: `parts` are YAML lines written as they are (definitions at the top level, the requester's extra keys and the spec's at their indentation). */
function usersManifest(url: string, parts: { definitions?: string; requester: string; spec: string }): string {
  return `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
${parts.definitions ?? ""}streams:
  - type: DeclarativeStream
    name: users
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: ${url}
        path: /users
${parts.requester}      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
spec:
  type: Spec
  connection_specification:
    type: object
${parts.spec}`;
}

/** A connector reading api_key in a shared authenticator (a comment beside it) and in a header template. */
function renameManifest(url: string): string {
  return usersManifest(url, {
    definitions: `definitions:
  auth:
    type: BearerAuthenticator
    api_token: "{{ config['api_key'] }}" # the account's key
`,
    requester: `        authenticator: { $ref: "#/definitions/auth" }
        request_headers:
          X-Key-Set: '{{ "yes" if config.get("api_key") else "no" }}'
`,
    spec: `    required: [api_key]
    properties:
      api_key: { type: string, title: API Key, airbyte_secret: true }
      region: { type: string, title: Region }
`,
  });
}

/** A token nested in an object input (`credentials.access_token`) beside a top-level input of the same name that must not follow it. */
function nestedManifest(url: string): string {
  return usersManifest(url, {
    requester: `        authenticator:
          type: BearerAuthenticator
          api_token: "{{ config['credentials']['access_token'] }}" # nested
        request_headers:
          X-Legacy: "{{ config['access_token'] }}"
`,
    spec: `    properties:
      credentials:
        type: object
        title: Credentials
        required: [access_token]
        properties:
          access_token: { type: string, title: Access Token, airbyte_secret: true }
          account: { type: string, title: Account }
      access_token: { type: string, title: Legacy token }
`,
  });
}

/** Credentials as a oneOf of a basic login and a token (told apart by auth_type), beside an object of options: the token is what the API takes. */
function choiceManifest(url: string): string {
  return usersManifest(url, {
    requester: `        authenticator:
          type: BearerAuthenticator
          api_token: "{{ config['credentials']['access_token'] }}"
`,
    spec: `    required: [credentials]
    properties:
      credentials:
        type: object
        title: Authentication
        order: 0
        oneOf:
          - title: Basic login
            required: [username, password]
            properties:
              auth_type: { type: string, const: basic }
              username: { type: string, title: Username }
              password: { type: string, title: Password, airbyte_secret: true }
          - title: Access token
            required: [access_token]
            properties:
              auth_type: { type: string, const: token }
              access_token: { type: string, title: Access Token, airbyte_secret: true }
      options:
        type: object
        title: Options
        order: 1
        required: [page_size]
        properties:
          page_size: { type: integer, title: Page Size }
      extra_tokens:
        type: array
        title: Extra tokens
        order: 2
        items: { type: object, properties: { token: { type: string, airbyte_secret: true } } }
`,
  });
}

/** OAuth with the Refresh Token Updater but no initial access token among the testing values, and a page size the spec refuses. */
const SEVERITIES = `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
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
          type: OAuthAuthenticator
          client_id: "{{ config['client_id'] }}"
          client_secret: "{{ config['client_secret'] }}"
          refresh_token: "{{ config['client_refresh_token'] }}"
          token_refresh_endpoint: https://api.example.com/oauth/token
          access_token_value: "{{ config['oauth_access_token'] }}"
          token_expiry_date: "{{ config['oauth_token_expiry_date'] }}"
          refresh_token_updater:
            refresh_token_config_path: [client_refresh_token]
            access_token_config_path: [oauth_access_token]
            token_expiry_date_config_path: [oauth_token_expiry_date]
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
spec:
  type: Spec
  connection_specification:
    type: object
    properties:
      client_id: { type: string, title: Client ID }
      client_secret: { type: string, title: Client Secret, airbyte_secret: true }
      client_refresh_token: { type: string, title: Refresh Token, airbyte_secret: true }
      oauth_access_token: { type: string, title: Access Token, airbyte_secret: true }
      oauth_token_expiry_date: { type: string, title: Token Expiry Date }
      page_size: { type: integer, title: Page Size }
`;

describe("the Builder's Inputs and Testing values pages in a real browser", () => {
  let browser: Browser;
  let api: Loopback;
  before(async () => {
    browser = await launchChromium();
    api = await startDataApi(TOKEN);
  });
  after(async () => {
    await browser.close();
    await api.close();
  });

  /** A page on a Builder for a folder holding `text` and these saved testing values. */
  const withFolder = (text: string, values: Record<string, unknown>, scenario: (page: Page, dir: string) => Promise<void>) => withBuilderPage(browser, text, ({ page, dir }) => scenario(page, dir), values);

  it("renaming an input rewrites every reference in place, says how many, moves its testing value, and refuses a name taken", async () => {
    const text = renameManifest(api.url);
    await withFolder(text, { api_key: TOKEN, region: "eu" }, async (page, dir) => {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Inputs" }).click();
      const name = page.getByRole("group", { name: "api_key" }).getByLabel("Name", { exact: true });
      await name.fill("token");
      await name.press("Tab");
      await page.getByRole("status").filter({ hasText: "Renamed api_key to token: 2 references rewritten, its testing value moved." }).waitFor();
      // Only the name's characters changed: the comment, the quoting and the $ref are as they were.
      const renamed = text.replaceAll("api_key", "token");
      assert.equal(await yamlText(page), renamed);

      const again = page.getByRole("group", { name: "token" }).getByLabel("Name", { exact: true });
      await again.fill("region");
      await again.press("Tab");
      await page.getByRole("alert").filter({ hasText: "Not renamed: An input named region exists already" }).waitFor();
      await assertSettledValue(again, "token");
      assert.equal(await again.getAttribute("aria-invalid"), "true");
      assert.equal(await yamlText(page), renamed);

      await page.getByRole("button", { name: "Testing values" }).click();
      // The panel's fields come from the server's analysis of the renamed text, a moment after the rename.
      await assertSettledValue(page.getByLabel("API Key", { exact: true }), TOKEN);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), renamed);
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { token: TOKEN, region: "eu" });
      const seen = api.seen.length;
      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      assert.equal(read.messages.filter((m) => m.type === "RECORD").length, 2);
      assert.equal(api.seen.slice(seen).find((r) => r.path === "/users")?.headers["x-key-set"], "yes");
    });
  });

  it("lists an object input's properties inside its group, renames one at its level (not the top-level input of the same name) and edits its attributes there", async () => {
    const text = nestedManifest(api.url);
    await withFolder(text, { credentials: { access_token: TOKEN, account: "acme" }, access_token: "legacy" }, async (page, dir) => {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "Inputs" }).click();
      const credentials = page.getByRole("group", { name: "credentials", exact: true });
      const nested = credentials.getByRole("group", { name: "credentials.access_token", exact: true });
      await assertSettledValue(nested.getByLabel("Title", { exact: true }), "Access Token");
      assert.ok(await nested.getByLabel("Secret", { exact: true }).isChecked());
      assert.ok(await nested.getByLabel("Required", { exact: true }).isChecked());
      const name = nested.getByLabel("Name", { exact: true });
      await name.fill("token");
      await name.press("Tab");
      await page.getByRole("status").filter({ hasText: "Renamed credentials.access_token to credentials.token: 1 reference rewritten, its testing value moved." }).waitFor();
      // Only the nested name's characters: the top-level access_token and its reference are as they were.
      const renamed = text
        .replace("config['credentials']['access_token']", "config['credentials']['token']")
        .replace("required: [access_token]", "required: [token]")
        .replace("          access_token: { type: string, title: Access Token", "          token: { type: string, title: Access Token");
      assert.equal(await yamlText(page), renamed);
      await assertSettledValue(page.getByRole("group", { name: "access_token", exact: true }).getByLabel("Name", { exact: true }), "access_token");

      // The nested input's attributes are edited at its level: Required lists it in its object's required.
      await credentials.getByRole("group", { name: "credentials.account", exact: true }).getByLabel("Required", { exact: true }).check();
      const required = async () => (parse(await yamlText(page)) as { spec: { connection_specification: { properties: { credentials: { required: string[] } } } } }).spec.connection_specification.properties.credentials.required;
      for (let i = 0; i < 50 && (await required()).length < 2; i++) await page.waitForTimeout(100);
      assert.deepEqual(await required(), ["token", "account"]);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { credentials: { token: TOKEN, account: "acme" }, access_token: "legacy" });
      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      assert.equal(read.messages.filter((m) => m.type === "RECORD").length, 2);
    });
  });

  it("shows each testing-value problem with its own severity: the spec's refusal an error, the Builder's rule a warning", async () => {
    const values = { client_id: "c", client_secret: "s", client_refresh_token: "r", oauth_token_expiry_date: "2030-01-01T00:00:00Z", page_size: "ten" };
    await withFolder(SEVERITIES, values, async (page) => {
      await page.getByRole("button", { name: "Testing values" }).click();
      const field = (label: string) => page.locator(".field", { has: page.getByLabel(label, { exact: true }) });
      const warning = field("Access Token").getByRole("listitem").filter({ hasText: "The Refresh Token Updater needs an initial access token (Access Token Value) among the testing values: give oauth_access_token a testing value." });
      await warning.waitFor();
      assert.equal(await warning.getAttribute("class"), "warning");
      assert.notEqual(await page.getByLabel("Access Token", { exact: true }).getAttribute("aria-invalid"), "true");
      const error = field("Page Size").getByRole("listitem").filter({ hasText: "must be integer" });
      await error.waitFor();
      assert.equal(await error.getAttribute("class"), "error");
      assert.equal(await page.getByLabel("Page Size", { exact: true }).getAttribute("aria-invalid"), "true");

      await page.getByLabel("Access Token", { exact: true }).fill("at_1");
      await warning.waitFor({ state: "detached" });
      await page.getByLabel("Page Size", { exact: true }).fill("10");
      await error.waitFor({ state: "detached" });
    });
  });

  it("shows an object input as a group of its fields and a oneOf one as a choice of its options: a nested secret is masked, a nested value is saved at its path and read with", async () => {
    const password = "pw-123456";
    const extra = [{ token: "xt-98765" }];
    await withFolder(choiceManifest(api.url), { credentials: { auth_type: "basic", username: "ann", password }, options: { page_size: "ten" }, extra_tokens: extra }, async (page, dir) => {
      await page.getByRole("button", { name: "Testing values" }).click();
      const authentication = page.getByRole("group", { name: "Authentication" });
      const option = authentication.getByRole("combobox", { name: "Authentication", exact: true });
      await option.waitFor();
      assert.equal(await option.locator("option:checked").textContent(), "Basic login");
      await assertSettledValue(authentication.getByLabel("Username", { exact: true }), "ann");
      const secret = authentication.getByLabel("Password", { exact: true });
      assert.equal(await secret.getAttribute("type"), "password");
      // The secrets are in no text of the page, nor in any control that shows its value; a list holding a secret is masked JSON.
      const json = page.getByLabel("Extra tokens", { exact: true });
      await assertSettledValue(json, JSON.stringify(extra));
      assert.equal(await json.getAttribute("type"), "password");
      assert.ok(!(await page.locator("body").innerText()).includes(password));
      const shown = await page.locator("input:not([type=password]), textarea, select").evaluateAll((controls) => controls.map((c) => (c as unknown as { value: string }).value));
      assert.ok(!shown.some((value) => value.includes(password) || value.includes("xt-98765")), "a control shows a secret");

      // The nested problem shows under its nested field, as an error.
      const options = page.getByRole("group", { name: "Options" });
      const pageSize = options.getByLabel("Page Size", { exact: true });
      const error = options.locator(".field", { has: page.getByLabel("Page Size", { exact: true }) }).getByRole("listitem").filter({ hasText: "must be integer" });
      await error.waitFor();
      assert.equal(await error.getAttribute("class"), "error");
      await pageSize.fill("10");
      await error.waitFor({ state: "detached" });

      await option.selectOption({ label: "Access token" });
      const token = authentication.getByLabel("Access Token", { exact: true });
      // Only the chosen option's problem shows: its missing token, not the basic login's missing username nor auth_type's const.
      const missing = authentication.locator(".field", { has: page.getByLabel("Access Token", { exact: true }) }).getByRole("listitem").filter({ hasText: "a required field is missing" });
      await missing.waitFor();
      assert.deepEqual(await authentication.getByRole("listitem").allTextContents(), ["a required field is missing"]);
      await token.fill(TOKEN);
      await missing.waitFor({ state: "detached" });
      assert.equal(await token.getAttribute("type"), "password");
      await authentication.getByRole("button", { name: "Show Access Token" }).waitFor();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { credentials: { auth_type: "token", access_token: TOKEN }, options: { page_size: 10 }, extra_tokens: extra });
      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      assert.equal(read.messages.filter((m) => m.type === "RECORD").length, 2);
      await page.getByRole("button", { name: "Show Extra tokens" }).click();
      assert.equal(await json.getAttribute("type"), "text");
    });
  });
});
