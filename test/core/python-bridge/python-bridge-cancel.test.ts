/**
 * The bridge's `cancel` frame (protocol 2): a call abandoned while it waits for a callback that never
 * answers ends in Python (the wait raises there), its late reply is ignored, and the child serves the
 * next call. The callback here ignores the abort, so only Python's side of the cancel can end the call.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { PythonBridge } from "../../../core/python-bridge/index.js";
import { eventually } from "../../e2e/python/python-processes.js";

const COMPONENTS = `
import requests


class Waits:
    def __init__(self, config, parameters):
        self.ended = []

    def fetch(self):
        try:
            return requests.get("http://api.invalid/never").text
        except Exception as error:
            self.ended.append(str(error))
            raise

    def how_it_ended(self):
        return self.ended
`;

describe("the bridge's cancel", () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-python-cancel-"));
  writeFileSync(join(dir, "components.py"), COMPONENTS);
  const bridge = new PythonBridge();
  after(() => {
    bridge.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an abandoned call waiting for a callback ends in Python, and the child answers the next call", async () => {
    const { handle } = (await bridge.request("new", { file: join(dir, "components.py"), module: "components", class: "Waits", fields: {}, config: {}, parameters: {} })) as { handle: number };
    const generation = bridge.generation;
    const controller = new AbortController();
    let asked: () => void;
    const callbackAsked = new Promise<void>((resolve) => (asked = resolve));
    const never = { onCallback: () => { asked(); return new Promise(() => undefined); } };
    const call = bridge.request("call", { handle, method: "fetch", args: [], kwargs: {} }, never, controller.signal);
    await callbackAsked;
    controller.abort(new Error("stopped"));
    await assert.rejects(call, /stopped/);
    assert.ok(await eventually(async () => bridge.inFlight === 0), "the abandoned call did not end in Python");
    const ended = (await bridge.request("call", { handle, method: "how_it_ended", args: [], kwargs: {} })) as string[];
    assert.equal(ended.length, 1);
    assert.match(ended[0]!, /cancelled the call waiting for http/);
    assert.equal(bridge.generation, generation, "the child was restarted");
  });
});
