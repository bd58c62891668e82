/**
 * The CLI's guards around Python components, with a real `sluice` process: `--no-custom-code` (and
 * `SLUICE_DISABLE_CUSTOM_CODE=1`) refuse a manifest naming a Python class before its module is imported,
 * and `sluice validate` finds a Python class missing from its file without running the file. The module
 * writes a file named `imported` beside itself when Python imports it, which tells whether it ran.
 */
import assert from "node:assert/strict";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { runSluice } from "../../support/run-sluice.js";
import { pythonConnector, withPythonExtractor } from "./python-connector.js";

const COMPONENTS = `
import os

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor

open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "imported"), "w").close()


class Rows(RecordExtractor):
    def extract_records(self, response):
        return [dict(row, by="python") for row in response.json()["data"]]
`;

describe("sluice with Python components: --no-custom-code and validate", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  const imported = () => existsSync(join(dir.dir, "imported"));
  before(async () => {
    api = await startLoopback(() => ({ body: { data: [{ id: 1 }, { id: 2 }] } }));
    dir = await pythonConnector(COMPONENTS, { "config.json": "{}" });
    await dir.write("manifest.json", JSON.stringify(withPythonExtractor(api.url, "Rows")));
    await dir.write("missing.json", JSON.stringify(withPythonExtractor(api.url, "Absent")));
  });
  beforeEach(() => rmSync(join(dir.dir, "imported"), { force: true }));
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const read = ["read", "--manifest", "manifest.json", "--config", "config.json"];

  it("a plain read imports components.py and reads through it (the marker works)", async () => {
    const run = await runSluice(read, dir.dir);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data), [{ id: 1, by: "python" }, { id: 2, by: "python" }]);
    assert.ok(imported(), "components.py was not imported");
  });

  for (const [how, args, env] of [["--no-custom-code", [...read, "--no-custom-code"], {}], ["SLUICE_DISABLE_CUSTOM_CODE=1", read, { SLUICE_DISABLE_CUSTOM_CODE: "1" }]] as const) {
    it(`${how} refuses the Python class before components.py is imported`, async () => {
      const run = await runSluice([...args], dir.dir, { env });
      assert.notEqual(run.code, 0);
      assert.match(run.stdout + run.stderr, /CUSTOM_CODE_REFUSED/);
      assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 0);
      assert.ok(!imported(), "components.py was imported although custom code was refused");
    });
  }

  it("sluice validate names a Python class missing from components.py and the classes it has, without running the file", async () => {
    const run = await runSluice(["validate", "--manifest", "missing.json"], dir.dir);
    assert.notEqual(run.code, 0, run.stdout);
    assert.match(run.stdout + run.stderr, /PYTHON_CLASS_NOT_FOUND/);
    assert.match(run.stdout + run.stderr, /Absent/);
    assert.match(run.stdout + run.stderr, /Rows/);
    assert.ok(!imported(), "validate ran components.py");
    const valid = await runSluice(["validate", "--manifest", "manifest.json"], dir.dir);
    assert.equal(valid.code, 0, valid.stdout + valid.stderr);
    assert.ok(!imported(), "validate ran components.py");
  });
});
