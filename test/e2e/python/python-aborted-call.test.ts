/**
 * An aborted Python call does not stop the shared child (issue 35): two reads share the process's one
 * Python child; the read whose call is aborted fails at once, its call is cancelled in Python (the
 * callback it waited for fails there) and its late answer ignored, while the other read goes on in
 * the same child. Only a call still running past its per-call limit (`SLUICE_PYTHON_TIMEOUT`) means
 * the child is hung: it is restarted, and the reads whose calls were in flight fail with
 * PYTHON_BRIDGE_FAILED naming their class and method. Before, an aborted call killed the child and
 * every other read's call with it.
 */
import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../../core/index.js";
import { PythonBridge } from "../../../core/python-bridge/index.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { sendJson, startRawApi, type RawApi } from "../../support/raw-api.js";
import { pythonConnector } from "./python-connector.js";
import { bridgeChildOf, eventually, running } from "./python-processes.js";

const COMPONENTS = `
import time

import requests

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


def base_of(response):
    return response.url.rsplit("/", 1)[0]


class WaitsForMore(RecordExtractor):
    def extract_records(self, response):
        more = requests.get(base_of(response) + "/more").json()
        return response.json()["data"] + more["data"]


class Hangs(RecordExtractor):
    def extract_records(self, response):
        requests.get(base_of(response) + "/entered")
        time.sleep(3600)
        return []


class Rows(RecordExtractor):
    def extract_records(self, response):
        return [dict(row, seen_by="python") for row in response.json()["data"]]
`;

function stream(base: string, name: string, className: string): Record<string, unknown> {
  const def = streamDef({ name, urlBase: base, path: `/${name}`, fieldPath: ["data"] }) as Record<string, any>;
  def.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: `source_declarative_manifest.components.${className}` };
  return def;
}

async function records(connector: Connector, name: string, signal?: AbortSignal): Promise<unknown[]> {
  const read: unknown[] = [];
  for await (const record of connector.read(name, { signal })) read.push(record);
  return read;
}

/** A promise and its resolver: the API answers a held request when the test says so. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  return { opened: new Promise<void>((resolve) => (open = resolve)), open };
}

describe("an aborted Python call", () => {
  let api: RawApi;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  let connector: Connector;
  const moreAsked = gate();
  const entered = gate();
  const slowAborted = gate();
  const held: ServerResponse[] = [];
  before(async () => {
    api = await startRawApi((_req, res, url) => {
      if (url.pathname === "/slow") sendJson(res, { data: [{ id: 1 }] });
      else if (url.pathname === "/more") {
        held.push(res); // never answered: the call waiting for it is the one aborted
        moreAsked.open();
      } else if (url.pathname === "/after") void slowAborted.opened.then(() => sendJson(res, { data: [{ id: 2 }] }));
      else if (url.pathname === "/entered") {
        sendJson(res, {});
        entered.open();
      } else sendJson(res, { data: [{ id: 3 }] });
    });
    dir = await pythonConnector(COMPONENTS);
    const streams = [stream(api.base, "slow", "WaitsForMore"), stream(api.base, "after", "Rows"), stream(api.base, "hung", "Hangs"), stream(api.base, "queued", "Rows")];
    connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef(streams), searchFrom: dir.dir, config: {} });
  });
  after(async () => {
    delete process.env.SLUICE_PYTHON_TIMEOUT;
    PythonBridge.shared().stop();
    await api.close();
    await dir.remove();
  });

  it("fails its own read at once; the other read goes on in the same child, and Python cancels the call", async () => {
    const bridge = PythonBridge.shared();
    const controller = new AbortController();
    const slow = records(connector, "slow", controller.signal);
    const other = records(connector, "after");
    await moreAsked.opened;
    const child = await bridgeChildOf(process.pid);
    const generation = bridge.generation;
    controller.abort(new Error("the test stopped the slow read"));
    await assert.rejects(slow, /the test stopped the slow read/);
    slowAborted.open();
    assert.deepEqual(await other, [{ id: 2, seen_by: "python" }], "the other read's Python extractor ran after the abort");
    assert.equal(bridge.generation, generation, "the child was restarted");
    assert.equal(await bridgeChildOf(process.pid), child, "another python3 child runs");
    assert.ok(await eventually(async () => bridge.inFlight === 0), "the cancelled call did not end in Python (its /more was never answered)");
  });

  it("a call still running past its limit restarts the child; the read queued behind it fails naming its class and method", async () => {
    process.env.SLUICE_PYTHON_TIMEOUT = "2";
    const bridge = PythonBridge.shared();
    const controller = new AbortController();
    const hung = records(connector, "hung", controller.signal);
    await entered.opened;
    const child = await bridgeChildOf(process.pid);
    const generation = bridge.generation;
    controller.abort(new Error("the test stopped the hung read"));
    await assert.rejects(hung, /the test stopped the hung read/);
    const queued = records(connector, "queued");
    assert.ok(await eventually(async () => bridge.inFlight === 2), "the queued read's call never reached the bridge");
    await assert.rejects(queued, (error: Error & { code?: string }) => {
      assert.equal(error.code, "PYTHON_BRIDGE_FAILED");
      assert.match(error.message, /stopped while source_declarative_manifest\.components\.Rows\.extract_records waited: source_declarative_manifest\.components\.Hangs\.extract_records did not answer within 2 s/);
      return true;
    });
    assert.ok(await eventually(async () => !(await running(child!))), "the hung child still runs");
    delete process.env.SLUICE_PYTHON_TIMEOUT;
    assert.deepEqual(await records(connector, "queued"), [{ id: 3, seen_by: "python" }], "the next read runs in a new child");
    assert.equal(bridge.generation, generation + 1);
  });
});
