import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector } from "./python-connector.js";

// Events per region; "apac" has none before the second read's window.
const EVENTS: Record<string, Array<{ id: string; updated_at: string }>> = {
  eu: [{ id: "e1", updated_at: "2024-05-01T08:00:00Z" }, { id: "e2", updated_at: "2024-05-02T09:00:00Z" }, { id: "e3", updated_at: "2024-05-03T07:00:00Z" }],
  us: [{ id: "u1", updated_at: "2024-05-01T10:00:00Z" }, { id: "u2", updated_at: "2024-05-03T12:00:00Z" }],
};

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping

from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.declarative.transformations import RecordTransformation
from airbyte_cdk.sources.types import Config, StreamSlice


@dataclass
class Regions(PartitionRouter):
    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def stream_slices(self) -> Iterable[StreamSlice]:
        for region in self.config["regions"]:
            yield StreamSlice(partition={"region": region}, cursor_slice={})

    def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        return {"region": stream_slice.partition["region"]}


class StampWindow(RecordTransformation):
    """Records which partition and window read each record: the slice Python sees is the kit's StreamSlice."""

    def transform(self, record, config=None, stream_state=None, stream_slice=None):
        record["region"] = stream_slice.partition["region"]
        record["window_start"] = stream_slice.cursor_slice["start_time"]
`;

describe("resuming a read whose partitions come from a Python partition router", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      const since = req.url.searchParams.get("updated_since") ?? "";
      const until = req.url.searchParams.get("updated_until") ?? "";
      const region = req.url.searchParams.get("region") ?? "";
      return { body: { data: (EVENTS[region] ?? []).filter((e) => e.updated_at >= since && e.updated_at <= until) } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const manifest = () => {
    const stream = streamDef({
      name: "events",
      urlBase: api.url,
      path: "/events",
      fieldPath: ["data"],
      partitionRouter: { type: "CustomPartitionRouter", class_name: "source_declarative_manifest.components.Regions" },
      transformations: [{ type: "CustomTransformation", class_name: "source_declarative_manifest.components.StampWindow" }],
      incrementalSync: {
        type: "DatetimeBasedCursor",
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%SZ",
        start_datetime: "{{ config['start_date'] }}",
        end_datetime: "{{ config['end_date'] }}",
        step: "P1D",
        cursor_granularity: "PT1S",
        start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_since" },
        end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_until" },
      },
    });
    return sourceDef([stream]);
  };

  const read = async (endDate: string, state?: Record<string, unknown>) => {
    const from = api.requests.length;
    const connector = await createSluice({ logLevel: "error" }).connect({
      manifest: manifest(), searchFrom: dir.dir, config: { regions: ["eu", "us"], start_date: "2024-05-01T00:00:00Z", end_date: endDate },
    });
    const states: Array<Record<string, any>> = [];
    const records: Array<Record<string, unknown>> = [];
    for await (const record of connector.read("events", { state, onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) })) records.push(record);
    const windows = api.requests.slice(from).map((r: SeenRequest) => `${r.url.searchParams.get("region")} ${r.url.searchParams.get("updated_since")}`);
    return { states, records, windows };
  };

  it("writes the kit's per-partition state with the Python router's partitions, and resumes each from its own cursor", async () => {
    const first = await read("2024-05-02T23:59:59Z");
    assert.deepEqual(first.records.map((r) => `${r.id} ${r.region} ${r.window_start}`).sort(), [
      "e1 eu 2024-05-01T00:00:00Z", "e2 eu 2024-05-02T00:00:00Z", "u1 us 2024-05-01T00:00:00Z",
    ]);
    const state = first.states.at(-1)!;
    const cursors = Object.fromEntries((state.states as Array<{ partition: { region: string }; cursor: { updated_at: string } }>).map((s) => [s.partition.region, s.cursor.updated_at]));
    assert.deepEqual(cursors, { eu: "2024-05-02T09:00:00Z", us: "2024-05-01T10:00:00Z" });

    const second = await read("2024-05-03T23:59:59Z", state);
    assert.ok(second.windows.includes("eu 2024-05-02T09:00:00Z"), second.windows.join(", "));
    assert.ok(second.windows.includes("us 2024-05-01T10:00:00Z"), second.windows.join(", "));
    assert.ok(!second.windows.some((w) => w.endsWith("2024-05-01T00:00:00Z")), "no partition starts over");
    // The start of each window is its partition's cursor, included (the kit's rule): e2 and u1 are read again.
    assert.deepEqual(second.records.map((r) => r.id).sort(), ["e2", "e3", "u1", "u2"]);
  });
});
