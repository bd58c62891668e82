import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}`, status: i % 3 === 0 ? "archived" : "active" }));

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping

import requests

from airbyte_cdk.sources.declarative.extractors.dpath_extractor import DpathExtractor
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.types import Config


@dataclass
class EnvelopeExtractor(RecordExtractor):
    """Records under response["envelope"]["rows"], each stamped with the envelope's account."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]
    rows_field: str = "rows"

    def extract_records(self, response: requests.Response) -> Iterable[Mapping[str, Any]]:
        envelope = response.json()["envelope"]
        for row in envelope[self.rows_field]:
            yield {**row, "account": envelope["account"]}


class TaggedDpathExtractor(DpathExtractor):
    """The kit's DpathExtractor, each record tagged with its position."""

    def extract_records(self, response: requests.Response) -> Iterable[Mapping[str, Any]]:
        for index, record in enumerate(super().extract_records(response)):
            record["position"] = index
            yield record
`;

describe("Python record extractors", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback((req) => {
      if (req.url.pathname === "/envelope") return { body: { envelope: { account: "acc_9", rows: ITEMS } } };
      return { body: { result: { [req.url.searchParams.get("kind") ?? "none"]: ITEMS } } };
    });
  });
  after(() => api.close());

  it("an extractor reading response.json() yields what its Python code selects", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const manifest = oneStreamManifest({ urlBase: api.url, path: "/envelope" });
      const stream = (manifest.streams as Record<string, any>[])[0]!;
      stream.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.EnvelopeExtractor", rows_field: "rows" };
      const { records, error } = await readPython(dir.dir, manifest);
      assert.equal(error, undefined);
      assert.deepEqual(records, ITEMS.map((item) => ({ ...item, account: "acc_9" })));
    } finally {
      await dir.remove();
    }
  });

  it("a DpathExtractor subclass calling super() walks field_path with its templates, as the kit's does", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const manifest = oneStreamManifest({ urlBase: api.url, path: "/search", requester: { request_parameters: { kind: "{{ parameters['kind'] }}" } } });
      const stream = (manifest.streams as Record<string, any>[])[0]!;
      stream.$parameters = { kind: "widgets" };
      stream.retriever.record_selector.extractor = {
        type: "CustomRecordExtractor",
        class_name: "source_declarative_manifest.components.TaggedDpathExtractor",
        field_path: ["result", "{{ parameters['kind'] }}"],
      };
      const { records, error } = await readPython(dir.dir, manifest);
      assert.equal(error, undefined);
      assert.deepEqual(records, ITEMS.map((item, position) => ({ ...item, position })));
      assert.equal(api.requests.at(-1)!.url.searchParams.get("kind"), "widgets");
    } finally {
      await dir.remove();
    }
  });
});
