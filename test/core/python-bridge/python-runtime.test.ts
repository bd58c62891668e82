import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { PythonBridge, createPythonRuntime } from "../../../core/python-bridge/index.js";

const COMPONENTS = `
class Counter:
    def __init__(self, config, parameters):
        self.start = parameters["start"]
        self.count = 0

    def next(self):
        self.count += 1
        return self.start + self.count
`;

describe("the Python runtime", () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-python-runtime-"));
  writeFileSync(join(dir, "components.py"), COMPONENTS);
  after(() => rmSync(dir, { recursive: true, force: true }));
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const runtime = createPythonRuntime({ logger: quiet, secrets: { add() {}, redact: (text: string) => text } });
  const construct = () =>
    runtime.construct({ file: join(dir, "components.py"), module: "components", className: "Counter", fields: {}, config: {}, parameters: { start: 10 }, callbacks: { interpolate: () => null } });

  it("an object keeps its state between calls, one child serving every object", async () => {
    const counter = await construct();
    assert.deepEqual([await counter.call("next"), await counter.call("next"), await counter.get("count")], [11, 12, 2]);
    assert.equal(await (await construct()).call("next"), 11);
  });

  it("an object made in a child that was stopped is made again in the new child at its next call", async () => {
    const counter = await construct();
    assert.equal(await counter.call("next"), 11);
    PythonBridge.shared().stop();
    assert.equal(await counter.call("next"), 11, "made again: its state starts over, as a new read's would");
    assert.equal(await counter.call("next"), 12);
  });

  it("calls waiting at once after a restart make the object again once, in the new child", async () => {
    const counter = await construct();
    PythonBridge.shared().stop();
    assert.deepEqual((await Promise.all([counter.call("next"), counter.call("next")])).sort(), [11, 12]);
  });
});
