// Every fenced block of README.md and docs/*.md is run, checked, or skipped with a stated reason
// (docs/contributing.md, "Examples in the docs", is the authors' guide to the <!-- docs-test: ... --> markers).
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { docBlocks, type DocBlock } from "./doc-blocks.js";
import { DocPageRunner, TYPED } from "./doc-page-runner.js";
import { REPO_SHADOW, typeCheckExamples, writeExample, type TypedExample } from "./doc-typescript.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];
const work = mkdtempSync(join(tmpdir(), "sluice-docs-"));
const pages = PAGES.map((file) => ({ file, folder: join(work, file.replace(/\W/g, "-")), blocks: docBlocks(readFileSync(join(ROOT, file), "utf8"), file) }));

/** Where a block's `file` lands, or where a TypeScript block is written for the type-check. */
function exampleOf(folder: string, block: DocBlock): TypedExample {
  if (block.marker.repoFile) return { path: join(work, REPO_SHADOW, block.marker.repoFile), line: block.line + 1, file: block.file };
  const name = block.marker.file ?? `example-line-${block.line}.${block.lang.startsWith("j") ? "js" : "ts"}`;
  return { path: join(folder, name), line: block.line + 1, file: block.file };
}

const typed = new Map<DocBlock, TypedExample>();
let typeErrors = new Map<TypedExample, string[]>();
let demo: DemoApi;

before(async () => {
  for (const { folder, blocks } of pages) {
    for (const block of blocks) {
      if (block.marker.skip !== undefined) continue;
      // A file block is part of the page's folder before any block runs (a manifest may name its class).
      if (block.marker.file) writeExample(join(folder, block.marker.file), block.text);
      if (TYPED.has(block.lang)) {
        const example = exampleOf(folder, block);
        if (!block.marker.file) writeExample(example.path, `${block.text}\nexport {};\n`);
        typed.set(block, example);
      }
    }
  }
  typeErrors = typeCheckExamples(work, [...typed.values()]);
  demo = await startDemoApi({ port: 0 });
});

after(async () => {
  await demo?.close();
  rmSync(work, { recursive: true, force: true });
});

// Pages are independent (each has its own folder and shell), so they run side by side; a page's
// blocks run in order, as a reader follows them.
describe("every example in the docs", { concurrency: 2 }, () => {
  for (const page of pages) {
    describe(page.file, { concurrency: 1 }, () => {
      const runner = new DocPageRunner(page.folder, () => demo.url, (block) => typeErrors.get(typed.get(block)!) ?? []);
      after(() => runner.close());
      // A block that cannot run here (docker, a test suite) is not a test at all: its marker must say why
      // (doc-test-marker.ts refuses a skip without a reason of a few words; doc-test-harness.test.ts checks that).
      for (const block of page.blocks.filter((candidate) => candidate.marker.skip === undefined)) {
        it(`${block.file}:${block.line} \`\`\`${block.lang}${markerNote(block)}`, async (t) => {
          const outcome = await runner.check(block);
          if (outcome.notCode) t.diagnostic("not code: an illustration, shown as is");
          if (outcome.problems.length) assert.fail(`${block.file}:${block.line}: the \`\`\`${block.lang} block does not hold:\n${outcome.problems.join("\n")}`);
        });
      }
    });
  }
});

function markerNote(block: DocBlock): string {
  const { fragmentOf, refused, file, decodedBy } = block.marker;
  return [fragmentOf && `fragment of ${fragmentOf}`, refused && `refused ${refused}`, file && `file ${file}`, decodedBy && `decoded by ${decodedBy}`].filter(Boolean).map((s) => ` (${s})`).join("");
}
