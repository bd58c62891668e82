import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { installHint, pythonCandidates, supportedPython } from "../../../core/python-bridge/index.js";

describe("finding Python", () => {
  it("SLUICE_PYTHON alone when set; else Debian's /usr/bin/python3 before python3 on PATH", () => {
    assert.deepEqual(pythonCandidates({ SLUICE_PYTHON: "/opt/py/bin/python3" }, () => true), ["/opt/py/bin/python3"]);
    assert.deepEqual(pythonCandidates({}, (path) => path === "/usr/bin/python3"), ["/usr/bin/python3", "python3"]);
    assert.deepEqual(pythonCandidates({}, () => false), ["python3"]);
  });

  it("3.10 and newer are supported, 3.9 is not", () => {
    assert.equal(supportedPython("3.10.0"), true);
    assert.equal(supportedPython("3.13.1"), true);
    assert.equal(supportedPython("3.9.18"), false);
    assert.equal(supportedPython("2.7.18"), false);
  });

  it("a missing module's hint names Debian's package for the ones the corpus imports, pip for others", () => {
    assert.equal(installHint("pendulum", "/usr/bin/python3"), "apt-get install python3-pendulum (or pip install pendulum for /usr/bin/python3)");
    assert.equal(installHint("dateutil.parser", "python3"), "apt-get install python3-dateutil (or pip install dateutil for python3)");
    assert.equal(installHint("braintree", "python3"), "pip install braintree for python3");
    assert.match(installHint("airbyte_cdk.sources.declarative.incremental", "python3"), /^a kit module or name Sluice's Python package does not provide/);
  });
});
