import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { parseManifestText } from "../../core/manifest/parse-manifest-text.js";
import { leafDifferences } from "../../scripts/builder-round-trip/leaf-differences.js";
import { connectorFolder, openPage } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
// The corpus sits beside the repository (../shared) or beside the folder of worktrees (../../shared), as for `npm run corpus`.
const ROOT = resolve(import.meta.dirname, "../..");
const CORPUS = [join(ROOT, "../shared/corpus/airbyte-manifests"), join(ROOT, "../../shared/corpus/airbyte-manifests")].find((p) => existsSync(p));
// A requester behind $ref with string references (intercom), a stream path in $parameters with streams as
// "#/definitions/..." strings (greenhouse), and one of the largest (gorgias).
const MANIFESTS = ["source-intercom.yaml", "source-greenhouse.yaml", "source-gorgias.yaml"];

describe("real manifests round-trip through the Builder's page", () => {
  let browser: Browser;
  const sluice = createSluice({ logLevel: "error" });
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  it("finds the corpus", () => {
    assert.ok(CORPUS, "no ../shared/corpus/airbyte-manifests beside the repository");
  });

  for (const name of MANIFESTS) {
    it(`${name}: Save without an edit leaves the same bytes; editing URL Path in the form changes only that field`, async () => {
      const original = readFileSync(join(CORPUS!, name), "utf8");
      const dir = connectorFolder(original, "sluice-builder-corpus-");
      const builder = await startBuilder(sluice, { dir });
      const page = await browser.newPage();
      try {
        await openPage(page, builder.url);
        const written = statSync(join(dir, "manifest.yaml")).mtimeMs;
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
        assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), original);
        assert.equal(statSync(join(dir, "manifest.yaml")).mtimeMs, written, "nothing to save: the file is not rewritten");

        const before = await resolved(original);
        const first = (before.streams as Array<{ name: string; retriever: { requester: { path: string } } }>)[0]!;
        await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: first.name, exact: true }).first().click();
        const path = page.getByLabel("URL Path", { exact: true });
        await path.fill(`${first.retriever.requester.path}/edited`);
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
        const after = await resolved(readFileSync(join(dir, "manifest.yaml"), "utf8"));
        const differences = leafDifferences(before, after);
        assert.ok(differences.some((d) => d.path === "streams[0].retriever.requester.path"), "the edited field changed");
        for (const d of differences) assert.deepEqual([d.before, d.after], [first.retriever.requester.path, `${first.retriever.requester.path}/edited`], `${d.path} changed`);
      } finally {
        await page.close();
        await builder.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  async function resolved(text: string): Promise<Record<string, unknown>> {
    return (await sluice.inspect({ manifest: await parseManifestText(text), searchFrom: ROOT })).analysis.manifest;
  }
});
