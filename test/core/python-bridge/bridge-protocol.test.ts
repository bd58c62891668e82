import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { BRIDGE_CALLBACKS, BRIDGE_REQUESTS, BRIDGE_TAGS, PROTOCOL_VERSION } from "../../../core/python-bridge/index.js";
import { pythonCandidates } from "../../../core/python-bridge/find-python.js";
import { pythonKitPath } from "../../../core/python-bridge/python-kit-path.js";

describe("the bridge protocol", () => {
  it("the TypeScript and Python tables name the same version, requests, callbacks and tags", () => {
    const script = "import json; from sluice_bridge import protocol as p; print(json.dumps({'version': p.PROTOCOL_VERSION, 'requests': p.REQUESTS, 'callbacks': p.CALLBACKS, 'tags': p.TAGS}))";
    const out = execFileSync(pythonCandidates()[0]!, ["-c", script], { env: { ...process.env, PYTHONPATH: pythonKitPath() }, encoding: "utf8" });
    const python = JSON.parse(out) as Record<string, unknown>;
    assert.deepEqual(python, { version: PROTOCOL_VERSION, requests: BRIDGE_REQUESTS, callbacks: BRIDGE_CALLBACKS, tags: BRIDGE_TAGS });
  });
});
