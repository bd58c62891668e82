import { workflowInstallSteps, type SluiceInstall } from "./sluice-install.js";

/**
 * The regression test a new connector gets from its first minute (the Meltano SDK's template gives one):
 * `tests/replay.test.mjs` replays the test reads recorded in `fixtures/` with no network, and fails, saying
 * how to record them, until there are some; `.github/workflows/connector-test.yml` runs it on every push, with the Sluice that wrote it (`install`, pinned: see
 * {@link workflowInstallSteps}).
 *
 * @example
 * regressionTestFiles("users", runningSluiceInstall())["tests/replay.test.mjs"]; // the test, naming `--stream users` in its advice
 */
export function regressionTestFiles(stream: string, install: SluiceInstall): Record<string, string> {
  const record = `sluice test-read --config secrets/config.json --stream ${stream} --record fixtures`;
  return {
    "tests/replay.test.mjs": `// The connector's regression test: replays the test reads recorded in fixtures/ with no network
// (\`sluice test --fixtures fixtures\`) and fails when a stream no longer gives the recorded records.
// Record them once against the API, then commit fixtures/ (credentials in it are ****):
//   ${record}
// Run it: node --test tests/   (SLUICE_BIN chooses the sluice command, default \`sluice\` on the PATH)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const folder = fileURLToPath(new URL("..", import.meta.url));
const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));

test("the recorded test reads replay with the same records", () => {
  const recorded = existsSync(fixtures) && readdirSync(fixtures).some((name) => name.endsWith(".json"));
  assert.ok(recorded, "no fixtures yet: record them against the API with \`${record}\`, then commit fixtures/");
  const run = spawnSync(process.env.SLUICE_BIN ?? "sluice", ["test", "--fixtures", "fixtures"], { cwd: folder, encoding: "utf8", shell: process.platform === "win32" });
  assert.equal(run.error, undefined, \`could not run sluice (\${run.error?.message}): install it, or set SLUICE_BIN\`);
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
`,
    ".github/workflows/connector-test.yml": `# Replays the recorded test reads (fixtures/) on every push: no network, no credentials needed.
name: connector test
on: [push, pull_request]
jobs:
  replay:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
${workflowInstallSteps(install)}      - run: node --test tests/
`,
  };
}
