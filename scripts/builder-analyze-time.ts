/**
 * Times the Builder's `analyze` (what the page asks on every keystroke) on the largest corpus
 * manifests, as the page asks it: every form field's path, with and without testing values, each call's
 * text the last one with one more character typed (into a comment under `definitions:`, else `streams:`,
 * so the manifest stays valid; the server parses again only the top-level block an edit changed). Prints
 * the median CPU time per call of each manifest (the machine may be shared: wall time is shown beside it). Not a test: a measurement for a change to `analyze`.
 * Reads `../shared/corpus/airbyte-manifests` (or the folder given, or `SLUICE_CORPUS`).
 *
 * @example
 * node --import tsx scripts/builder-analyze-time.ts            # the 5 largest, 15 calls each
 * node --import tsx scripts/builder-analyze-time.ts DIR --largest 10 --calls 30
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ALL_FIELD_PATHS } from "../builder-ui/model/form-fields.js";
import { PAGINATION_FIELD_PATHS } from "../builder-ui/model/pagination-forms.js";
import { REQUEST_FIELD_PATHS } from "../builder-ui/model/request-forms.js";
import { BuilderApi } from "../core/builder/builder-api.js";
import { BuilderFolder } from "../core/builder/builder-folder.js";
import { createSluice } from "../core/sluice.js";
import { Logger } from "../sdk/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const positional = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
const folder = resolve(positional[0] ?? process.env.SLUICE_CORPUS ?? ["../shared", "../../shared"].map((up) => join(root, up, "corpus/airbyte-manifests")).find((path) => existsSync(path)) ?? join(root, "../shared/corpus/airbyte-manifests"));
/** The page's field list (builder-ui/view/app.tsx's FIELD_PATHS, the authenticator's path written out). */
const FIELDS = [...ALL_FIELD_PATHS, "streams[*].retriever.requester.authenticator", ...REQUEST_FIELD_PATHS, ...PAGINATION_FIELD_PATHS];

async function main(): Promise<void> {
  if (!existsSync(folder)) return console.error(`no manifest folder at ${folder}`);
  const files = (await readdir(folder)).filter((f) => /\.ya?ml$/.test(f));
  const sized = await Promise.all(files.map(async (f) => ({ f, size: (await stat(join(folder, f))).size })));
  const largest = sized.sort((a, b) => b.size - a.size).slice(0, option("--largest", 5));
  const calls = option("--calls", 15);
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Logger, { debug() {}, info() {}, warn() {}, error() {} });
  const scratch = await mkdtemp(join(tmpdir(), "sluice-analyze-time-"));
  try {
    console.log(`analyze, median of ${calls} calls (after 2 warm-up calls), ${FIELDS.length} field paths`);
    for (const { f, size } of largest) {
      const dir = join(scratch, f.replace(/\.ya?ml$/, ""));
      await mkdir(dir);
      await copyFile(join(folder, f), join(dir, "manifest.yaml"));
      const api = new BuilderApi(sluice, (await BuilderFolder.open(dir)).folder);
      const text = await readFile(join(folder, f), "utf8");
      const times = async (testingValues?: Record<string, unknown>) => {
        const wall: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < calls + 2; i++) {
          const started = performance.now();
          const used = process.cpuUsage();
          await api.analyze({ text: typed(text, i), fields: FIELDS, testingValues });
          const spent = process.cpuUsage(used);
          if (i >= 2) wall.push(performance.now() - started), cpu.push((spent.user + spent.system) / 1000);
        }
        return `${median(cpu).toFixed(0)} ms CPU (${median(wall).toFixed(0)} ms wall)`;
      };
      console.log(`  ${f} (${Math.round(size / 1024)} KB): ${await times()} without testing values; ${await times({})} with (empty) testing values`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The text after `count` characters typed into a comment line under `definitions:` (else `streams:`, else at the end). */
function typed(text: string, count: number): string {
  const key = /^definitions:[^\n]*\n/m.exec(text) ?? /^streams:[^\n]*\n/m.exec(text);
  const at = key ? key.index + key[0].length : text.length;
  return `${text.slice(0, at)}  # ${"x".repeat(count)}\n${text.slice(at)}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

await main();
