/**
 * `sluice image DIR` of a connector folder with Python components (a kit-style `components.py`): the
 * image gets Debian's python3 and the modules kit connectors import (pendulum here), ships Sluice's
 * python-kit, and runs the components when the platform runs spec, check, discover and read. Run by
 * scripts/test-image.sh.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { BIN } from "../support/run-sluice.js";
import { BUILD_OPTIONS, NODE_IMAGE, platformRun, podman, shellIn } from "./podman.js";

const IMAGE = `localhost/sluice-test-python:${process.pid}`;
const KEY = "py-image-key-5d1c";

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping

import pendulum
import requests

from airbyte_cdk.sources.declarative.extractors.dpath_extractor import DpathExtractor
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.types import Config


@dataclass
class EnvelopeExtractor(RecordExtractor):
    """Records under response["envelope"]["rows"], with the year of their date (pendulum's parse)."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def extract_records(self, response: requests.Response) -> Iterable[Mapping[str, Any]]:
        for row in response.json()["envelope"]["rows"]:
            yield {**row, "year": pendulum.parse(row["updated"]).year}


class TaggedDpathExtractor(DpathExtractor):
    """The kit's DpathExtractor, each record tagged with its position."""

    def extract_records(self, response: requests.Response) -> Iterable[Mapping[str, Any]]:
        for index, record in enumerate(super().extract_records(response)):
            record["position"] = index
            yield record
`;

function stream(name: string, extractor: Record<string, unknown>): Record<string, unknown> {
  return {
    type: "DeclarativeStream",
    name,
    primary_key: "id",
    retriever: {
      type: "SimpleRetriever",
      requester: {
        type: "HttpRequester", url_base: "{{ config['base_url'] }}", path: `/${name}`, http_method: "GET",
        authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
      },
      record_selector: { type: "RecordSelector", extractor },
    },
    schema_loader: { type: "InlineSchemaLoader", schema: {} },
  };
}

const MANIFEST = {
  version: "6.0.0",
  type: "DeclarativeSource",
  check: { type: "CheckStream", stream_names: ["rows"] },
  streams: [
    stream("rows", { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.EnvelopeExtractor" }),
    stream("tagged", { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.TaggedDpathExtractor", field_path: ["data"] }),
  ],
  spec: { type: "Spec", connection_specification: { type: "object", required: ["base_url", "api_key"], properties: { base_url: { type: "string" }, api_key: { type: "string", airbyte_secret: true } } } },
};

describe("sluice image of a connector with Python components (podman)", () => {
  let api: Loopback;
  let connector: string;
  let source: string;

  before(async () => {
    assert.ok(NODE_IMAGE, "SLUICE_TEST_NODE_IMAGE names the base image (run through scripts/test-image.sh)");
    api = await startLoopback((req) => {
      if (req.headers["x-api-key"] !== KEY) return { status: 401, body: { error: "bad key" } };
      if (req.url.pathname === "/rows") return { body: { envelope: { rows: [{ id: 1, updated: "2023-05-01T10:00:00Z" }, { id: 2, updated: "2024-02-29T00:00:00Z" }] } } };
      return { body: { data: [{ id: "a" }, { id: "b" }, { id: "c" }] } };
    });
    connector = mkdtempSync(join(tmpdir(), "source-python-"));
    writeFileSync(join(connector, "manifest.yaml"), stringify(MANIFEST));
    writeFileSync(join(connector, "components.py"), COMPONENTS);
    source = mkdtempSync(join(tmpdir(), "sluice-image-source-"));
    chmodSync(source, 0o755);
    writeFileSync(join(source, "connectorConfig.json"), JSON.stringify({ base_url: api.url, api_key: KEY }));
    const entries = ["rows", "tagged"].map((name) => ({ stream: { name, json_schema: {}, supported_sync_modes: ["full_refresh"] }, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }));
    writeFileSync(join(source, "catalog.json"), JSON.stringify({ streams: entries }));

    const started = Date.now();
    const build = spawnSync(process.execPath, [BIN, "image", connector, "--engine", "podman", "--tag", IMAGE, "--node-image", NODE_IMAGE, ...BUILD_OPTIONS.map((o) => `--engine-option=${o}`)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    assert.equal(build.status, 0, build.stderr.slice(-3000));
    console.log(`# built ${IMAGE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  after(async () => {
    await api?.close();
    for (const dir of [connector, source]) if (dir) rmSync(dir, { recursive: true, force: true });
    podman(["rmi", "-f", IMAGE], { allowFailure: true });
  });

  it("the image has a Python 3.10+ with pendulum, the python-kit beside Sluice, and the connector's components.py", () => {
    const probe = shellIn(IMAGE, "python3 -c 'import sys, pendulum; assert sys.version_info >= (3, 10); print(sys.version_info[:2])' && test -d /airbyte/sluice/python-kit/airbyte_cdk && test -f /airbyte/connector/components.py");
    assert.equal(probe.code, 0, probe.stderr);
  });

  it("spec, check and discover run as the platform runs them", async () => {
    const spec = await platformRun({ image: IMAGE, command: "spec", source });
    assert.equal(spec.code, 0, spec.stderr);
    assert.ok(spec.messages.find((m) => m.type === "SPEC")!.spec.connectionSpecification.properties.api_key);
    const check = await platformRun({ image: IMAGE, command: "check --config /source/connectorConfig.json", source });
    assert.equal(check.code, 0, check.stdout.slice(-2000));
    assert.deepEqual(check.messages.find((m) => m.type === "CONNECTION_STATUS")?.connectionStatus, { status: "SUCCEEDED" });
    const discover = await platformRun({ image: IMAGE, command: "discover --config /source/connectorConfig.json", source });
    assert.equal(discover.code, 0, discover.stdout.slice(-2000));
    assert.deepEqual(discover.messages.find((m) => m.type === "CATALOG")!.catalog.streams.map((s: { name: string }) => s.name), ["rows", "tagged"]);
  });

  it("read delivers what the Python extractors select, both streams COMPLETE, the key never printed", async () => {
    const run = await platformRun({ image: IMAGE, command: "read --config /source/connectorConfig.json --catalog /source/catalog.json", source });
    assert.equal(run.code, 0, run.stdout.slice(-3000));
    const data = (name: string) => run.messages.filter((m) => m.type === "RECORD" && m.record.stream === name).map((m) => m.record.data);
    assert.deepEqual(data("rows"), [{ id: 1, updated: "2023-05-01T10:00:00Z", year: 2023 }, { id: 2, updated: "2024-02-29T00:00:00Z", year: 2024 }]);
    assert.deepEqual(data("tagged"), [{ id: "a", position: 0 }, { id: "b", position: 1 }, { id: "c", position: 2 }]);
    const complete = run.messages.filter((m) => m.trace?.stream_status?.status === "COMPLETE").map((m) => m.trace.stream_status.stream_descriptor.name);
    assert.deepEqual(complete.sort(), ["rows", "tagged"]);
    assert.ok(!(run.stdout + run.stderr).includes(KEY), "the API key was printed");
  });
});
