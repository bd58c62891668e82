import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

const ITEMS = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, first: `Ada${i}`, last: "Lovelace", status: i % 3 === 0 ? "archived" : "active" }));

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Dict, Iterable, Mapping, Optional

from airbyte_cdk.sources.declarative.extractors.record_filter import RecordFilter
from airbyte_cdk.sources.declarative.transformations import RecordTransformation
from airbyte_cdk.sources.types import Config, StreamSlice, StreamState


@dataclass
class FullName(RecordTransformation):
    """Joins first and last names; the separator comes from the manifest."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]
    separator: str = " "

    def transform(self, record: Dict[str, Any], config: Optional[Config] = None, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None) -> None:
        record["name"] = self.separator.join([record.pop("first"), record.pop("last")])
        record["region"] = (config or {}).get("region")


class SkipStatus(RecordFilter):
    """Drops records whose status is the config's skip_status; the kit's condition is not used."""

    def filter_records(self, records: Iterable[Mapping[str, Any]], stream_state: StreamState, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> Iterable[Mapping[str, Any]]:
        return [record for record in records if record["status"] != self.config["skip_status"]]


class ConditionAndOddIds(RecordFilter):
    """The kit's condition (evaluated by Sluice's templates through super()), then odd ids only."""

    def filter_records(self, records, stream_state, stream_slice=None, next_page_token=None):
        for record in super().filter_records(records, stream_state, stream_slice, next_page_token):
            if record["id"] % 2 == 1:
                yield record
`;

describe("Python record transformations and filters", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: { data: ITEMS } }));
  });
  after(() => api.close());

  function manifestWith(extra: { transformations?: unknown[]; filter?: Record<string, unknown> }): Record<string, unknown> {
    const manifest = oneStreamManifest({ urlBase: api.url, transformations: extra.transformations });
    if (extra.filter) (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.record_filter = extra.filter;
    return manifest;
  }

  it("a transformation changes every record of the page in place, with the config it is given", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const manifest = manifestWith({ transformations: [{ type: "CustomTransformation", class_name: "source_declarative_manifest.components.FullName", separator: "_" }] });
      const { records, error } = await readPython(dir.dir, manifest, { config: { region: "eu" } });
      assert.equal(error, undefined);
      assert.deepEqual(records, ITEMS.map(({ first, last, ...rest }) => ({ ...rest, name: `${first}_${last}`, region: "eu" })));
    } finally {
      await dir.remove();
    }
  });

  it("a record filter keeps what its filter_records returns", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const manifest = manifestWith({ filter: { type: "CustomRecordFilter", class_name: "source_declarative_manifest.components.SkipStatus" } });
      const { records, error } = await readPython(dir.dir, manifest, { config: { skip_status: "archived" } });
      assert.equal(error, undefined);
      assert.deepEqual(records, ITEMS.filter((item) => item.status !== "archived"));
    } finally {
      await dir.remove();
    }
  });

  it("a record filter's super().filter_records evaluates the manifest's condition", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const filter = { type: "CustomRecordFilter", class_name: "source_declarative_manifest.components.ConditionAndOddIds", condition: "{{ record['status'] == config['keep'] }}" };
      const { records, error } = await readPython(dir.dir, manifestWith({ filter }), { config: { keep: "active" } });
      assert.equal(error, undefined);
      assert.deepEqual(records, ITEMS.filter((item) => item.status === "active" && item.id % 2 === 1));
    } finally {
      await dir.remove();
    }
  });
});
