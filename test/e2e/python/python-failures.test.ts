import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Logger, SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { pythonConnector, readPython, withPythonExtractor } from "./python-connector.js";

const COMPONENTS = `
import os
import time

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class Strict(RecordExtractor):
    def __init__(self, config, parameters):
        self.config = config

    def extract_records(self, response):
        return response.json()["envelope"]["rows"]


class Dies(RecordExtractor):
    def extract_records(self, response):
        os._exit(3)


class Sleeps(RecordExtractor):
    def extract_records(self, response):
        time.sleep(30)
        return []


class Fine(RecordExtractor):
    def extract_records(self, response):
        return response.json()["data"]
`;

describe("Python components that fail", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    api = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
    dir = await pythonConnector(COMPONENTS, { "needs_braintree.py": "import braintree\n\nclass Payments:\n    pass\n" });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("a raising component fails its stream with the class, the method and the Python error's last line; the traceback is logged at debug", async () => {
    const debug: string[] = [];
    const logger = { debug: (m: string) => void debug.push(m), info: () => undefined, warn: () => undefined, error: () => undefined };
    const { error } = await readPython(dir.dir, withPythonExtractor(api.url, "Strict"), {
      sluice: { plugins: [{ name: "test:logger", register: (ctx) => ctx.registerService(Logger, logger) }] },
    });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_COMPONENT_FAILED");
    assert.equal(error.message, "source_declarative_manifest.components.Strict.extract_records raised KeyError: 'envelope'");
    assert.equal(error.where?.stream, "items");
    assert.ok(debug.some((line) => line.includes("Traceback") && line.includes('in extract_records')), debug.join("\n"));
  });

  it("a missing module names the module, the component and what to install", async () => {
    const manifest = withPythonExtractor(api.url, "Fine");
    (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor.class_name = "source_declarative_manifest.needs_braintree.Payments";
    const { error } = await readPython(dir.dir, manifest);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_MODULE_MISSING");
    assert.match(error.message, /^source_declarative_manifest\.needs_braintree\.Payments needs the Python module braintree, which .*python3.* does not have$/);
    assert.match(String(error.expected), /pip install braintree/);
  });

  it("a class the module does not define is named, with the classes it does", async () => {
    const { error } = await readPython(dir.dir, withPythonExtractor(api.url, "Missing"));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_CLASS_NOT_FOUND");
    assert.match(error.message, /defines no class Missing \(its classes: Dies, Fine, Sleeps, Strict\)/);
  });

  it("a child that dies is an error naming the call, and the next read starts a new child", async () => {
    const { error } = await readPython(dir.dir, withPythonExtractor(api.url, "Dies"));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_BRIDGE_FAILED");
    assert.match(error.message, /exited with code 3 during source_declarative_manifest\.components\.Dies\.extract_records/);
    const again = await readPython(dir.dir, withPythonExtractor(api.url, "Fine"));
    assert.equal(again.error, undefined);
    assert.deepEqual(again.records, [{ id: 1 }]);
  });

  it("a child that hangs past SLUICE_PYTHON_TIMEOUT is stopped and the read fails, never hangs", async () => {
    process.env.SLUICE_PYTHON_TIMEOUT = "1";
    try {
      const { error } = await readPython(dir.dir, withPythonExtractor(api.url, "Sleeps"));
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "PYTHON_BRIDGE_FAILED");
      assert.match(error.message, /did not answer source_declarative_manifest\.components\.Sleeps\.extract_records within 1 s; it was stopped/);
    } finally {
      delete process.env.SLUICE_PYTHON_TIMEOUT;
    }
  });

  it("a host that does not trust custom code refuses Python classes before starting Python", async () => {
    const { error } = await readPython(dir.dir, withPythonExtractor(api.url, "Fine"), { sluice: { trustCustomCode: false } });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "CUSTOM_CODE_REFUSED");
  });
});
