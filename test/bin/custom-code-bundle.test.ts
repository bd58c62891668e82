/**
 * The built CLI is one bundle (scripts/bundle-library.mjs) whose public entries re-export it: a connector's
 * TypeScript component that imports `sluice/sdk` must get the running CLI's own SDK classes, or its base-class
 * check fails. The custom-strategy example's paginator (a subclass of the SDK's `PaginationStrategy`) reads all
 * seven reports of the demo API through `bin/sluice.js`, page by page.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { runSluice } from "../support/run-sluice.js";

const MANIFEST = join(import.meta.dirname, "..", "..", "examples", "custom-strategy", "manifest.yaml");
let api: DemoApi;
let dir: string;

before(async () => {
  api = await startDemoApi();
  dir = mkdtempSync(join(tmpdir(), "sluice-custom-bundle-"));
  writeFileSync(join(dir, "config.json"), JSON.stringify(demoConfig(api.url)));
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

it("the built CLI reads with a TypeScript paginator that extends sluice/sdk's PaginationStrategy (one copy of the SDK)", async () => {
  const run = await runSluice(["read", "--manifest", MANIFEST, "--config", "config.json"], dir);
  assert.equal(run.code, 0, run.stderr);
  const ids = run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id);
  assert.deepEqual(ids, ["rep_1", "rep_2", "rep_3", "rep_4", "rep_5", "rep_6", "rep_7"]);
});
