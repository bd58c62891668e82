import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";

it("without dist/, `sluice` prints a one-line hint to run `npm run build`, not a module-not-found stack", () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-nodist-"));
  try {
    mkdirSync(join(dir, "bin"));
    copyFileSync(join(import.meta.dirname, "..", "..", "bin", "sluice.js"), join(dir, "bin", "sluice.js"));
    const run = spawnSync(process.execPath, [join(dir, "bin", "sluice.js"), "spec"], { encoding: "utf8" });
    assert.equal(run.status, 1);
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    assert.match(run.stderr, /dist\/\) are missing; run `npm run build`/);
    assert.equal(run.stdout, "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
