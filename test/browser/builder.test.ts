import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { Loopback } from "../plugins/auth/support/loopback.js";
import { SHARED_MANIFEST } from "../core/builder/builder-support.js";
import { BIN, runSluice } from "../support/run-sluice.js";
import { assertSettledValue, connectorFolder, openPage, replaceYaml, startDataApi, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { exitCode, lineMatching } from "./support/child-lines.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
const TOKEN = "tok-3f9a1c77e2";

describe("the Builder in a real browser", () => {
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

  it("opens a connector, follows a YAML edit in the form, takes testing values, saves, and `sluice read` reads with them", async () => {
    const dir = connectorFolder(SHARED_MANIFEST);
    const log: string[] = [];
    const cli: ChildProcess = spawn(process.execPath, [BIN, "builder", dir, "--no-open"], { stdio: ["ignore", "pipe", "pipe"] });
    const page = await browser.newPage();
    try {
      const [url] = await lineMatching(cli, "stdout", /^http:\/\/127\.0\.0\.1:\d+\/\S+\/$/, log);
      await openPage(page, url);
      await assertValue(page, "API Base URL", "{{ config['base_url'] }}");
      await page.getByText("Defined in definitions.requester.url_base. Shared by 2 streams (users, orders)").waitFor();

      // An edit in the YAML view shows in the form.
      await replaceYaml(page, SHARED_MANIFEST.replace("path: /users", "path: /users # the people"));
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "users" }).click();
      await page.getByRole("group", { name: "Stream" }).waitFor();
      await assertValue(page, "URL Path", "/users");
      // An edit in the form shows in the YAML, at its definition ($parameters), the comment kept.
      await page.getByLabel("URL Path", { exact: true }).fill("/users");
      await page.getByLabel("Name", { exact: true }).fill("people");
      assert.match(await yamlText(page), /name: people\n/);
      assert.match(await yamlText(page), /path: \/users # the people/);

      await page.getByRole("button", { name: "Testing values" }).click();
      await page.getByText("kept only in secrets/config.json", { exact: false }).waitFor();
      await page.getByLabel("Base URL", { exact: true }).fill(api.url);
      const key = page.getByLabel("API Key", { exact: true });
      await key.fill(TOKEN);
      assert.equal(await key.getAttribute("type"), "password");
      await page.getByRole("button", { name: "Show API Key" }).click();
      assert.equal(await key.getAttribute("type"), "text");
      assert.equal(await key.getAttribute("required"), "");
      await page.getByLabel("Page size", { exact: true }).fill("ten");
      await page.getByText("must be integer, found string").waitFor();
      await page.getByLabel("Page size", { exact: true }).fill("10");
      await page.getByText("must be integer, found string").waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      const saved = readFileSync(join(dir, "manifest.yaml"), "utf8");
      // The rename follows into check.stream_names, in place.
      assert.equal(saved, SHARED_MANIFEST.replace("path: /users", "path: /users # the people").replace("name: users", "name: people").replace("stream_names: [users]", "stream_names: [people]"));
      assert.ok(!saved.includes(TOKEN), "the testing value is not in the manifest");
      assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), { base_url: api.url, api_key: TOKEN, page_size: 10 });
      assert.equal(statSync(join(dir, "secrets/config.json")).mode & 0o777, 0o600);

      // Test reads the current stream with the saved testing values.
      await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "people", exact: true }).click();
      await page.getByRole("button", { name: "Test", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "people: 2 records in 1 page" }).waitFor();
      await page.getByRole("table", { name: "Records of page 1" }).getByRole("cell", { name: "Ada", exact: true }).waitFor();

      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      const records = read.messages.filter((m) => m.type === "RECORD").map((m) => `${m.record.stream}:${m.record.data.id}`);
      assert.deepEqual(records.sort(), ["orders:7", "people:1", "people:2"]);
    } finally {
      await page.close();
      cli.kill("SIGINT");
      assert.equal(await exitCode(cli), 0, log.join("\n"));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warns when manifest.yaml changed on disk and asks before overwriting it", async () => {
    await withBuilderPage(browser, SHARED_MANIFEST, async ({ page, dir }) => {
      const outside = SHARED_MANIFEST.replace("version: 6.0.0", "version: 6.0.0 # edited in another editor");
      writeFileSync(join(dir, "manifest.yaml"), outside);
      await page.getByLabel("API Base URL", { exact: true }).fill("https://api.example.com/v2");
      await page.getByRole("button", { name: "Save" }).click();
      const dialog = page.getByRole("alertdialog", { name: "manifest.yaml changed on disk" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), outside, "nothing is written without asking");
      await page.getByRole("button", { name: "Save" }).click();
      await dialog.getByRole("button", { name: "Overwrite" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST.replace(`"{{ config['base_url'] }}"`, `"https://api.example.com/v2"`));

      writeFileSync(join(dir, "manifest.yaml"), outside);
      await page.getByLabel("API Base URL", { exact: true }).fill("https://api.example.com/v3");
      await page.getByRole("button", { name: "Save" }).click();
      await dialog.getByRole("button", { name: "Reload from disk" }).click();
      await assertValue(page, "API Base URL", "{{ config['base_url'] }}");
      assert.match(await yamlText(page), /edited in another editor/);
    });
  });

  it("completes component types and a component's fields in the YAML view", async () => {
    await withBuilderPage(browser, SHARED_MANIFEST, async ({ page, dir }) => {
      await replaceYaml(page, `${SHARED_MANIFEST}extra:\n  type: HttpReq`);
      await chooseCompletion(page, "HttpRequester");
      assert.match(await yamlText(page), /extra:\n {2}type: HttpRequester$/);
      await replaceYaml(page, `${SHARED_MANIFEST}extra:\n  type: HttpRequester\n  url_b`);
      await chooseCompletion(page, "url_base");
      assert.match(await yamlText(page), /extra:\n {2}type: HttpRequester\n {2}url_base: $/);
    });
  });

  it("never writes a testing value into the manifest: a secret pasted into the YAML is refused on Save", async () => {
    await withBuilderPage(browser, SHARED_MANIFEST, async ({ page, dir }) => {
      await page.getByRole("button", { name: "Testing values" }).click();
      await page.getByLabel("API Key", { exact: true }).fill(TOKEN);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
      await replaceYaml(page, SHARED_MANIFEST.replace(`"{{ config['api_key'] }}"`, TOKEN));
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("status").filter({ hasText: "Not saved: The manifest contains a secret testing value" }).waitFor();
      assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST);
      assert.equal(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")).api_key, TOKEN);
    });
  });
});

/**
 * Opens the YAML view's completion (Ctrl-Space) and picks `label`. CodeMirror ignores a choice made within
 * its interaction delay (75 ms) of the list opening or being refreshed, so that a keystroke meant for the
 * text does not pick an option: a click that soon was lost once in CI. The test waits that long first.
 */
async function chooseCompletion(page: Page, label: string): Promise<void> {
  await page.keyboard.press("Control+Space");
  const option = page.getByRole("option", { name: label });
  await option.waitFor();
  await page.waitForTimeout(150);
  await option.click();
}

async function assertValue(page: Page, label: string, expected: string): Promise<void> {
  await assertSettledValue(page.getByLabel(label, { exact: true }), expected, label);
}
