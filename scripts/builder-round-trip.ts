/**
 * The Builder's round trip over the real manifests (docs/builder.md, "Round trip"): every corpus
 * manifest that loads today is opened in the page's model (builder-ui/model/manifest-model.ts) and
 *  1. saved without an edit, through the Builder's save (core/builder/builder-folder.ts) into a
 *     temporary folder: the file must have the same bytes;
 *  2. edited in one field of the forms (the first stream's API Base URL, URL Path and Name), at the
 *     place the Builder edits it (core/manifest/field-origin.ts: in place, behind `$ref`, or in
 *     `$parameters`): the resolved manifest (after `$ref` and `$parameters`, as the engine builds it)
 *     must differ only at that field and the places that share its definition, each from the old value
 *     to the new one;
 *  3. with its first top-level input renamed (builder-round-trip/rename-check.ts): only the name's
 *     characters change, no reference to the old name is left, and it validates the same way;
 *  4. edited by the page's structural edits (scripts/builder-round-trip/structural-edits.ts: add a
 *     stream, turn the first stream's pagination on or off, change its method): every line outside the
 *     entries edited must keep its bytes, and the manifest must resolve to the intended model;
 *  5. every text above (the file and each field edit) read by the Builder's analysis parser, which parses
 *     again only the top-level blocks an edit changed (builder-round-trip/incremental-parse-check.ts):
 *     the same manifest and the same lines and columns as a whole parse; and by the quick YAML reader
 *     of `sluice`'s commands (builder-round-trip/quick-yaml-check.ts): the same values, or left to yaml.
 * Reads `../shared/corpus/airbyte-manifests/*.yaml` (or `../../shared/...`, a folder given as the first
 * argument, or `SLUICE_CORPUS`); none there: says so and exits 0 (1 under CI). Exit 1 when any manifest fails.
 *
 * @example
 * node --import tsx scripts/builder-round-trip.ts
 * node --import tsx scripts/builder-round-trip.ts /path/to/manifests --only stripe
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ManifestModel } from "../builder-ui/model/manifest-model.js";
import { BuilderFolder, textHash } from "../core/builder/builder-folder.js";
import { fieldOrigin } from "../core/manifest/field-origin.js";
import { parseManifestText } from "../core/manifest/parse-manifest-text.js";
import { SourcePositions } from "../core/manifest/source-positions.js";
import { createSluice, type Sluice } from "../core/sluice.js";
import { Logger } from "../sdk/index.js";
import { checkIncrementalParse, incrementalParseSummary, incrementalParseTally, type IncrementalParseTally } from "./builder-round-trip/incremental-parse-check.js";
import { quickYamlSummary } from "./builder-round-trip/quick-yaml-check.js";
import { leafDifferences } from "./builder-round-trip/leaf-differences.js";
import { renameCheck, renameSummary, renameTally, type RenameTally } from "./builder-round-trip/rename-check.js";
import { checkStructuralEdits, emptyStructuralTally, type StructuralTally } from "./builder-round-trip/structural-edits.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--only");
const nearby = [join(root, "../shared/corpus/airbyte-manifests"), join(root, "../../shared/corpus/airbyte-manifests")];
const folder = resolve(positional[0] ?? process.env.SLUICE_CORPUS ?? nearby.find((path) => existsSync(path)) ?? nearby[0]!);

/** The form fields edited, as the page addresses them, with the edit made to a string value. */
const EDITS = [
  { label: "API Base URL", path: "streams[0].retriever.requester.url_base", edit: (v: string) => `${v}/edited` },
  { label: "URL Path", path: "streams[0].retriever.requester.path", edit: (v: string) => `${v}/edited` },
  { label: "Name", path: "streams[0].name", edit: (v: string) => `${v}_edited` },
];

interface Tally {
  manifests: number;
  loading: number;
  sameBytes: number;
  edits: Record<string, { edited: number; onlyThatField: number; inPlace: number; readOnly: number; notWritten: number }>;
  structural: StructuralTally;
  failures: string[];
  rename: RenameTally;
  incremental: IncrementalParseTally;
}

async function main(): Promise<number> {
  if (!existsSync(folder)) {
    // In CI the corpus is part of the checkout's surroundings: its absence is a broken setup, not a pass.
    const inCi = Boolean(process.env.CI);
    console.error(`builder-round-trip: no manifest folder at ${folder}; ${inCi ? "CI needs it" : "nothing to check"} (give a folder, or set SLUICE_CORPUS).`);
    return inCi ? 1 : 0;
  }
  const files = (await readdir(folder)).filter((f) => /\.ya?ml$/.test(f) && (!only || f.includes(only))).sort();
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Logger, { debug() {}, info() {}, warn() {}, error() {} });
  const tally: Tally = {
    manifests: files.length,
    loading: 0,
    sameBytes: 0,
    edits: Object.fromEntries(EDITS.map((e) => [e.label, { edited: 0, onlyThatField: 0, inPlace: 0, readOnly: 0, notWritten: 0 }])),
    structural: emptyStructuralTally(),
    failures: [],
    rename: renameTally(),
    incremental: incrementalParseTally(),
  };
  const scratch = await mkdtemp(join(tmpdir(), "sluice-round-trip-"));
  const started = performance.now();
  try {
    for (const file of files) await checkManifest(sluice, join(folder, file), scratch, tally);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`builder round trip over ${folder} (${seconds} s)`);
  console.log(`  ${tally.manifests} manifests, ${tally.loading} load today; saved without an edit: ${tally.sameBytes}/${tally.loading} the same bytes`);
  for (const [label, t] of Object.entries(tally.edits)) {
    console.log(`  ${label}: ${t.edited} edited, ${t.onlyThatField} changed only that field when resolved (${t.inPlace} in place, ${t.edited - t.inPlace} through the Document API); ${t.readOnly} read-only (not one value), ${t.notWritten} not written`);
  }
  for (const line of renameSummary(tally.rename)) console.log(line);
  tally.failures.push(...tally.rename.failures);
  for (const [label, t] of Object.entries(tally.structural)) {
    console.log(`  ${label}: ${t.edited} edited, ${t.bytesKept} kept every byte outside the edited entries, ${t.intended} resolved to the intended model`);
  }
  console.log(incrementalParseSummary(tally.incremental));
  console.log(quickYamlSummary(tally.incremental.quick));
  tally.failures.push(...tally.incremental.failures, ...tally.incremental.quick.failures);
  for (const failure of tally.failures.slice(0, 30)) console.log(`  FAIL ${failure}`);
  if (tally.failures.length > 30) console.log(`  ... and ${tally.failures.length - 30} more`);
  return tally.failures.length ? 1 : 0;
}

async function checkManifest(sluice: Sluice, file: string, scratch: string, tally: Tally): Promise<void> {
  const name = file.split("/").at(-1)!;
  const text = await readFile(file, "utf8");
  let before: Record<string, unknown>;
  try {
    before = await resolved(sluice, text, { strict: true });
  } catch {
    return; // does not load today: outside this check (the corpus tool counts why)
  }
  tally.loading++;
  const model = ManifestModel.parse(text);
  const target = join(scratch, name.replace(/\.ya?ml$/, ""));
  await mkdir(target, { recursive: true });
  await writeFile(join(target, "manifest.yaml"), text);
  const { folder } = await BuilderFolder.open(target);
  await folder.saveManifest(model.text, { baseHash: textHash(text) });
  if ((await readFile(join(target, "manifest.yaml"), "utf8")) === text) tally.sameBytes++;
  else tally.failures.push(`${name}: saved without an edit, the bytes differ`);

  const positions = SourcePositions.parse(text);
  const texts = [text];
  for (const { label, path, edit } of EDITS) {
    const counts = tally.edits[label]!;
    const origin = fieldOrigin(positions, path);
    if (origin.via === "absent") {
      counts.notWritten++;
      continue;
    }
    const old = model.valueAt(origin.segments);
    if (model.kindAt(origin.segments) !== "scalar" || typeof old !== "string") {
      counts.readOnly++;
      continue;
    }
    const value = edit(old);
    const edited = model.setIn(origin.segments, value);
    texts.push(edited.text);
    counts.edited++;
    if (isSplice(text, edited.text, value)) counts.inPlace++;
    let after: Record<string, unknown>;
    try {
      after = await resolved(sluice, edited.text);
    } catch (error) {
      tally.failures.push(`${name}: ${label} edited at ${origin.sourcePath}, the manifest no longer resolves: ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    const differences = leafDifferences(before, after);
    const stray = differences.filter((d) => d.before !== old || d.after !== value || fieldOrigin(positions, d.path).sourcePath !== origin.sourcePath);
    if (differences.some((d) => d.path === path) && stray.length === 0) counts.onlyThatField++;
    else tally.failures.push(`${name}: ${label} edited at ${origin.sourcePath}: ${stray.length ? `also changed ${stray.slice(0, 3).map((d) => d.path).join(", ")}` : `${path} did not change`}`);
  }
  await checkIncrementalParse(name, texts, tally.incremental);
  await renameCheck(sluice, name, text, before, target, tally.rename);
  await checkStructuralEdits({ name, model, positions, before, resolve: (edited) => resolved(sluice, edited), tally: tally.structural, failures: tally.failures });
}

/** The manifest as the engine builds it: `$ref` resolved, default types, `$parameters` propagated; `strict`: it must also pass the schema (it loads). */
async function resolved(sluice: Sluice, text: string, options: { strict?: boolean } = {}): Promise<Record<string, unknown>> {
  const { analysis } = await sluice.inspect({ manifest: await parseManifestText(text), searchFrom: root });
  if (options.strict && analysis.problems.length > 0) throw new Error(analysis.problems[0]!.message);
  return analysis.manifest;
}

/** True when `after` is `before` with one stretch replaced by at most the new value and its quotes. */
function isSplice(before: string, after: string, value: string): boolean {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return after.length - end - start <= JSON.stringify(value).length + 2;
}

process.exitCode = await main();
