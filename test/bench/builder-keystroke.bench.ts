/**
 * The Builder's keystroke (issue 40): how long a key typed in the YAML view takes to reach the Problems
 * list, in headless Chromium against the built `sluice builder`, on the demo connector and on the
 * corpus's largest manifest (source-appfigures, 1.25 MB; measured when ../shared/corpus is there). Goal:
 * 300 ms median, debounce included. Beside them, source-tmdb (see {@link MANIFESTS}): the corpus's
 * hardest case for an analysis that parses again the top-level block an edit is in.
 *
 * Each round types `x` at the end of a stream's `type: DeclarativeStream` (an unknown component type:
 * the Problems list shows it), then Backspace (it goes away): the time from the key's `keydown` to the
 * list's change, both read in the page (`performance.now()`), so no round trip to Playwright counts.
 * Beside it, the time from `keydown` to the next frame: how long the page keeps the key from showing.
 * Needs Debian's chromium (scripts/test-browser.sh installs it). Builds dist/ first.
 *
 * @example
 * npm run bench -- builder-keystroke
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../browser/support/chromium.js";
import { exitCode, lineMatching } from "../browser/support/child-lines.js";
import { median, type Metric } from "./support/measure.js";
import { buildDist } from "./support/built-library.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ROUNDS = Number(process.env.SLUICE_BENCH_RUNS ?? 9);
const CORPUS = [join(root, "../shared/corpus/airbyte-manifests"), join(root, "../../shared/corpus/airbyte-manifests")].find((p) => existsSync(p));
/** The first `type: DeclarativeStream` of the text: where the key is typed. */
const FIRST_STREAM_TYPE = /type: DeclarativeStream[ \t]*$/m;
/**
 * The manifests measured, and where in each the key is typed. source-tmdb (1.1 MB) has the largest
 * top-level blocks of the corpus (`definitions:` and `streams:`, 9,900 lines each): the server parses again
 * the whole block an edit is in, so it is the hardest case; its first stream type is in unused definitions,
 * so the key goes into the first stream of `streams:`.
 */
const MANIFESTS: Record<string, { file: string | undefined; at: RegExp }> = {
  demo: { file: join(root, "examples/demo/manifest.yaml"), at: FIRST_STREAM_TYPE },
  appfigures: { file: CORPUS && join(CORPUS, "source-appfigures.yaml"), at: FIRST_STREAM_TYPE },
  tmdb: { file: CORPUS && join(CORPUS, "source-tmdb.yaml"), at: /^streams:\n {2}- type: DeclarativeStream[ \t]*$/m },
};

/** What one key costs in the page: until the Problems list changes, and until the next frame. */
interface Keystroke {
  problemsMs: number;
  frameMs: number;
}

export async function run(): Promise<Metric[]> {
  await buildDist();
  const browser = await launchChromium();
  const metrics: Metric[] = [];
  try {
    for (const [name, { file, at }] of Object.entries(MANIFESTS)) {
      if (!file) {
        process.stderr.write(`builder-keystroke: no corpus beside the repository; ${name} not measured\n`);
        continue;
      }
      const strokes = await measureManifest(browser, file, at);
      metrics.push(
        { name: `builder.keystroke.${name}.to_problems`, value: Math.round(median(strokes.map((s) => s.problemsMs))), unit: "ms" },
        { name: `builder.keystroke.${name}.to_problems.max`, value: Math.round(Math.max(...strokes.map((s) => s.problemsMs))), unit: "ms" },
        { name: `builder.keystroke.${name}.to_next_frame`, value: Math.round(median(strokes.map((s) => s.frameMs))), unit: "ms" },
      );
    }
  } finally {
    await browser.close();
  }
  return metrics;
}

async function measureManifest(browser: Browser, file: string, at: RegExp): Promise<Keystroke[]> {
  const dir = mkdtempSync(join(tmpdir(), "sluice-keystroke-bench-"));
  copyFileSync(file, join(dir, "manifest.yaml"));
  const cli = spawn(process.execPath, [join(root, "bin/sluice.js"), "builder", dir, "--no-open"], { stdio: ["ignore", "pipe", "pipe"] });
  const page = await browser.newPage();
  try {
    const [url] = await lineMatching(cli, "stdout", /^http:\/\/127\.0\.0\.1:\d+\/\S+\/$/, []);
    await page.goto(url!);
    await page.getByRole("heading", { name: "Global Configuration" }).waitFor({ timeout: 60_000 });
    await page.getByRole("list", { name: "Problems" }).getByText(/No problems|warning|error/).first().waitFor({ timeout: 60_000 });
    await placeCursor(page, at);
    const strokes: Keystroke[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const typed = await keystroke(page, "x", "DeclarativeStreamx", true);
      const erased = await keystroke(page, "Backspace", "DeclarativeStreamx", false);
      // The first round warms the page and the server up.
      if (round > 0) strokes.push(typed, erased);
    }
    return strokes;
  } finally {
    await page.close();
    cli.kill();
    await exitCode(cli);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Puts the YAML view's cursor at the end of the first match (through CodeMirror's own view, as a click would). */
async function placeCursor(page: Page, pattern: RegExp): Promise<void> {
  const editor = page.getByRole("textbox", { name: "Manifest YAML" });
  await editor.evaluate((element, source) => {
    type View = { state: { doc: { toString(): string } }; dispatch(spec: unknown): void; focus(): void };
    const view = (element as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
    if (!view) throw new Error("the YAML view has no CodeMirror view on its content element");
    const match = new RegExp(source, "m").exec(view.state.doc.toString());
    if (!match) throw new Error(`no ${source} in the manifest`);
    view.dispatch({ selection: { anchor: match.index + match[0].trimEnd().length }, scrollIntoView: true });
    view.focus();
  }, pattern.source);
}

/**
 * In the page: resolves once the Problems list does (or does not) mention `text`, with the time since
 * the next `keydown` and the time from it to the next frame. A string, as the page runs it: the bundler
 * that runs this file renames nothing in it.
 */
const WATCH_PROBLEMS = `({ text, shown }) => new Promise((resolve, reject) => {
  const list = document.querySelector('ul[aria-label="Problems"]');
  let down = 0;
  let frameMs = -1;
  const timeout = setTimeout(() => reject(new Error("the Problems list did not " + (shown ? "show " : "drop ") + text + " within 30 s")), 30000);
  const observer = new MutationObserver(() => {
    if (!down || list.textContent.includes(text) !== shown) return;
    observer.disconnect();
    clearTimeout(timeout);
    const problemsMs = performance.now() - down;
    // The key's frame normally came long before; if not, it is the next one.
    if (frameMs >= 0) resolve({ problemsMs, frameMs });
    else requestAnimationFrame(() => resolve({ problemsMs, frameMs: performance.now() - down }));
  });
  addEventListener("keydown", () => {
    down = performance.now();
    requestAnimationFrame(() => { frameMs = performance.now() - down; });
  }, { capture: true, once: true });
  observer.observe(list, { childList: true, subtree: true, characterData: true });
})`;

/** Presses a key and waits, in the page, until the Problems list does (or does not) mention `text`. */
async function keystroke(page: Page, key: string, text: string, shown: boolean): Promise<Keystroke> {
  const timing = page.evaluate<Keystroke>(`(${WATCH_PROBLEMS})(${JSON.stringify({ text, shown })})`);
  // The listener is in place once that script ran; a frame later is enough.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(resolve))");
  await page.keyboard.press(key);
  return timing;
}
