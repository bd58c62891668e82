import { existsSync } from "node:fs";
import { chromium, type Browser, type LaunchOptions } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`), or the one `CHROMIUM` names; Playwright never downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/**
 * Launches headless Chromium through playwright-core. `--no-sandbox` because CI runs as root, where
 * Chromium refuses its sandbox. Fails with a clear message when the browser is not installed
 * (scripts/test-browser.sh installs it).
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run scripts/test-browser.sh (it installs Debian's chromium), or set CHROMIUM`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, ...options, args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", ...(options.args ?? [])] });
}
