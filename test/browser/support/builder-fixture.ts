import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { runSluice } from "../../support/run-sluice.js";
import { launchChromium } from "./chromium.js";

/** The API the browser scenarios read: `/users` and `/orders`, each `{ data: [...] }`, for `Authorization: Bearer <token>` only. */
export async function startDataApi(token: string): Promise<Loopback> {
  const api = await startLoopback();
  const data: Record<string, unknown[]> = { "/users": [{ id: 1, name: "Ada" }, { id: 2, name: "Grace" }], "/orders": [{ id: 7, total: 12.5 }] };
  for (const [path, records] of Object.entries(data)) {
    api.route(path, (req, res) => (req.headers.authorization === `Bearer ${token}` ? json(res, 200, { data: records }) : json(res, 401, { error: "unauthorized" })));
  }
  return api;
}

/** A connector folder holding `manifest.yaml` with `text`. */
export function connectorFolder(text: string, prefix = "sluice-builder-browser-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "manifest.yaml"), text);
  return dir;
}

/** Opens the Builder's page and waits until the first analysis has filled the form. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole("heading", { name: "Global Configuration" }).waitFor();
  await page.getByRole("button", { name: /^(Show|Edit) .* in YAML$/ }).first().waitFor();
}

/** Replaces the whole YAML view's text as a person would (select all, paste). */
export async function replaceYaml(page: Page, text: string): Promise<void> {
  const editor = page.getByRole("textbox", { name: "Manifest YAML" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/**
 * Asserts that a form control comes to hold `expected` within 5 s: a form drawn from the server's
 * analysis (the spec's fields, a resolved value) catches up with an edit a moment later.
 *
 * @example
 * await assertSettledValue(page.getByLabel("Page size", { exact: true }), "50");
 */
export async function assertSettledValue(control: Locator, expected: string, message?: string): Promise<void> {
  await control.waitFor();
  for (let i = 0; i < 50 && (await control.inputValue()) !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(await control.inputValue(), expected, message);
}

/**
 * The YAML view's whole text, as the editor holds it. CodeMirror renders only the lines in view, so the
 * text comes from its state (found from the content element as CodeMirror's `EditorView.findFromDOM` finds it).
 */
export async function yamlText(page: Page): Promise<string> {
  return page.getByRole("textbox", { name: "Manifest YAML" }).evaluate((element) => {
    type View = { state: { doc: { toString(): string } } };
    const tile = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile;
    const view = tile?.root?.view;
    if (!view) throw new Error("the YAML view has no CodeMirror state on its content element");
    return view.state.doc.toString();
  });
}

/**
 * Asserts that the YAML view comes to hold `expected` within 5 s: the editor takes a text the page
 * adopted (an import, a reload from disk) in the render after the one that closed the dialog.
 *
 * @example
 * await assertSettledYaml(page, readFileSync(join(dir, "manifest.yaml"), "utf8"));
 */
export async function assertSettledYaml(page: Page, expected: string, message?: string): Promise<void> {
  for (let i = 0; i < 50 && (await yamlText(page)) !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(await yamlText(page), expected, message);
}

/**
 * Runs `scenario` on a page open at a Builder (in this process) for a new folder holding `text` (and
 * `testingValues` saved in secrets/config.json, when given); everything is removed after.
 */
export async function withBuilderPage(browser: Browser, text: string, scenario: (at: { page: Page; dir: string; builder: RunningBuilder }) => Promise<void>, testingValues?: Record<string, unknown>): Promise<void> {
  const dir = connectorFolder(text);
  if (testingValues) {
    mkdirSync(join(dir, "secrets"), { mode: 0o700 });
    writeFileSync(join(dir, "secrets/config.json"), JSON.stringify(testingValues), { mode: 0o600 });
  }
  const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  const page = await browser.newPage();
  try {
    await openPage(page, builder.url);
    await scenario({ page, dir, builder });
  } finally {
    await page.close();
    await builder.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Picks a method in the (first) Authentication Method select and waits until the form shows it chosen. */
export async function chooseAuthMethod(page: Page, name: string): Promise<void> {
  await page.getByRole("combobox", { name: "Authentication Method" }).first().selectOption(name);
  await page.locator("#auth-method").and(page.locator(`:has(option:checked:text-is("${name}"))`)).waitFor();
}

/** Saves the page, then reads the folder with `sluice read` as a user would; the records' data. */
export async function saveAndRead(page: Page, dir: string): Promise<unknown[]> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
  const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
  assert.equal(read.code, 0, read.stderr);
  return read.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data);
}

/**
 * Registers (in the calling `describe`) a headless Chromium and the data API of `token` for its tests,
 * closed after them; read them through the getters once the tests run.
 *
 * @example
 * const shared = browserAndDataApi(TOKEN);
 * it("...", async () => { const page = await shared.browser().newPage(); ... shared.api().url ... });
 */
export function browserAndDataApi(token: string): { browser(): Browser; api(): Loopback } {
  let browser: Browser | undefined;
  let api: Loopback | undefined;
  before(async () => {
    browser = await launchChromium();
    api = await startDataApi(token);
  });
  after(async () => {
    await browser?.close();
    await api?.close();
  });
  return { browser: () => browser!, api: () => api! };
}
