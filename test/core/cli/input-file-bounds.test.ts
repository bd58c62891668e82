import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { readBoundedText } from "../../../core/config/bounded-input-file.js";
import { FileConfigStore } from "../../../core/config/file-config-store.js";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { runCli } from "../../support/run-cli.js";

// The attack of issue 22: a state file nested 200,000 deep was accepted, and the read crashed later in
// closeSlice with a bare stack overflow and no final STATE. --state, --config and --catalog are
// bounded in depth and size when read, with a coded error naming the file, before any request.
const dir = mkdtempSync(join(tmpdir(), "sluice-input-bounds-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `{"a":{"a":...}}` nested `depth` levels, built as text (JSON.stringify would overflow the stack). */
function nested(depth: number, leaf = "1"): string {
  return `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
}

describe("state, config and catalog files are bounded when read", () => {
  const api = useLoopback(() => ({ body: { data: [{ id: 1 }] } }));
  const setUp = () => {
    writeFileSync(join(dir, "manifest.yaml"), stringify(oneStreamManifest({ urlBase: api.url })));
    writeFileSync(join(dir, "config.json"), "{}");
  };

  for (const [flag, kind, make] of [
    ["--state", "state", () => `{"items":${nested(200_000)}}`],
    ["--config", "config", () => nested(200_000)],
    ["--catalog", "catalog", () => `{"streams":[${nested(200_000)}]}`],
  ] as const) {
    it(`a ${kind} file nested 200,000 deep is refused with INPUT_FILE_TOO_LARGE naming the file, before any request`, async () => {
      setUp();
      const file = `deep-${kind}.json`;
      writeFileSync(join(dir, file), make());
      const sent = api.since();
      const args = ["read", "--manifest", "manifest.yaml", "--config", "config.json", flag, file];
      const run = await runCli(flag === "--config" ? args.filter((_, i) => i !== 3 && i !== 4) : args, dir);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /INPUT_FILE_TOO_LARGE/);
      assert.match(run.stderr, new RegExp(`deep-${kind}\\.json`));
      assert.doesNotMatch(run.stderr, /Maximum call stack|RangeError/);
      assert.equal(sent().length, 0);
    });
  }

  it("a state of ordinary depth still reads", async () => {
    setUp();
    writeFileSync(join(dir, "state.json"), JSON.stringify({ items: { cursor: nested(50) } }));
    const run = await runCli(["read", "--manifest", "manifest.yaml", "--config", "config.json", "--state", "state.json"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /"type":"RECORD"/);
  });

  it("a file past the size limit is refused before it is read, naming the file and both sizes", async () => {
    writeFileSync(join(dir, "big.json"), `{"pad":"${"x".repeat(2000)}"}`);
    await assert.rejects(readBoundedText(join(dir, "big.json"), "state", 1000), (error: unknown) => {
      assert.ok(error instanceof SluiceError && error.code === "INPUT_FILE_TOO_LARGE", String(error));
      assert.match(error.describe(), /big\.json[\s\S]*at most 1000 bytes[\s\S]*2010 bytes/);
      return true;
    });
  });

  it("a config file a store reads back is bounded too", async () => {
    writeFileSync(join(dir, "deep-store.json"), nested(5000));
    await assert.rejects(FileConfigStore.open(join(dir, "deep-store.json")), { code: "INPUT_FILE_TOO_LARGE" });
  });
});
