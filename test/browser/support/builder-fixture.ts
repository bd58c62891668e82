import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";

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

/** The YAML view's text, as the editor holds it. */
export async function yamlText(page: Page): Promise<string> {
  return page.getByRole("textbox", { name: "Manifest YAML" }).evaluate((element) => {
    const lines = [...element.querySelectorAll(".cm-line")].map((line) => line.textContent ?? "");
    return lines.join("\n");
  });
}
