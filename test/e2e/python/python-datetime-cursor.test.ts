import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector } from "./python-connector.js";

/** CustomIncrementalSync classes written as kit authors write theirs (source-zendesk-support, source-outreach, source-gong). */
const COMPONENTS = `
from typing import Any, Mapping, MutableMapping, Optional

from airbyte_cdk.sources.declarative.incremental import DatetimeBasedCursor
from airbyte_cdk.sources.declarative.requesters.request_option import RequestOptionType
from airbyte_cdk.sources.types import StreamSlice, StreamState


class RangeFilterCursor(DatetimeBasedCursor):
    """One filter parameter holding the window as 'start..end', and the state the read resumed from."""

    def get_request_params(self, *, stream_state: Optional[StreamState] = None, stream_slice: Optional[StreamSlice] = None, next_page_token: Optional[Mapping[str, Any]] = None) -> MutableMapping[str, Any]:
        if not stream_slice:
            return {}
        start = stream_slice.get(self._partition_field_start.eval(self.config))
        end = stream_slice.get(self._partition_field_end.eval(self.config))
        params = {"filter": f"{start}..{end}"}
        if self._cursor:
            params["resumed_from"] = self._cursor
        return params


class BodyFilterCursor(DatetimeBasedCursor):
    """The kit's own options, moved from the body into a filter object by overriding the private helper."""

    def _get_request_options(self, option_type: RequestOptionType, stream_slice: Optional[StreamSlice]) -> Mapping[str, Any]:
        options = super()._get_request_options(option_type, stream_slice)
        return {"filter": dict(options)} if option_type == RequestOptionType.body_json and options else options


class WindowOverride(DatetimeBasedCursor):
    def _partition_daterange(self, start, end, step):
        return []
`;

const EVENTS = [
  { id: "e1", updated_at: "2024-05-01T08:00:00Z" },
  { id: "e2", updated_at: "2024-05-02T09:00:00Z" },
  { id: "e3", updated_at: "2024-05-03T10:00:00Z" },
];

describe("a Python CustomIncrementalSync extending the kit's DatetimeBasedCursor", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      const body = req.body ? (JSON.parse(req.body) as { filter?: { since?: string; until?: string } }) : {};
      const [since, until] = req.url.searchParams.get("filter")?.split("..") ?? [body.filter?.since ?? "", body.filter?.until ?? ""];
      return { body: { data: EVENTS.filter((e) => e.updated_at >= since! && e.updated_at <= until!) } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const manifest = (className: string, extra: Record<string, unknown> = {}) => sourceDef([streamDef({
    name: "events", urlBase: api.url, path: "/events", fieldPath: ["data"],
    ...(extra.requester ? { requester: extra.requester as Record<string, unknown> } : {}),
    incrementalSync: {
      type: "CustomIncrementalSync",
      class_name: `source_declarative_manifest.components.${className}`,
      cursor_field: "updated_at",
      datetime_format: "%Y-%m-%dT%H:%M:%SZ",
      start_datetime: { datetime: "{{ config['start_date'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" },
      end_datetime: "{{ config['end_date'] }}",
      step: "P1D",
      cursor_granularity: "PT1S",
      ...(extra.cursor as Record<string, unknown> | undefined),
    },
  })]);

  const read = async (built: Record<string, unknown>, endDate: string, state?: Record<string, unknown>) => {
    const from = api.requests.length;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: built, searchFrom: dir.dir, config: { start_date: "2024-05-01T00:00:00Z", end_date: endDate } });
    const states: Array<Record<string, unknown>> = [];
    const records: Array<Record<string, unknown>> = [];
    for await (const record of connector.read("events", { state, onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) })) records.push(record);
    return { states, records, requests: api.requests.slice(from) };
  };

  it("reads the windows with the class's parameters, writes the kit's state, and a resumed read asks only for the next window", async () => {
    const first = await read(manifest("RangeFilterCursor"), "2024-05-02T23:59:59Z");
    assert.deepEqual(first.records.map((r) => r.id), ["e1", "e2"]);
    assert.deepEqual(first.requests.map((r) => r.url.searchParams.get("filter")), ["2024-05-01T00:00:00Z..2024-05-01T23:59:59Z", "2024-05-02T00:00:00Z..2024-05-02T23:59:59Z"]);
    const state = first.states.at(-1)!;
    assert.deepEqual(state, { updated_at: "2024-05-02T09:00:00Z" });

    const second = await read(manifest("RangeFilterCursor"), "2024-05-03T23:59:59Z", state);
    assert.deepEqual(second.requests.map((r) => r.url.searchParams.get("filter")), ["2024-05-02T09:00:00Z..2024-05-03T08:59:59Z", "2024-05-03T09:00:00Z..2024-05-03T23:59:59Z"]);
    assert.ok(second.requests.every((r) => r.url.searchParams.get("resumed_from") === "2024-05-02T09:00:00Z"), "set_initial_state gave the class the state it resumed from");
    assert.deepEqual(second.records.map((r) => r.id), ["e2", "e3"]);
    assert.deepEqual(second.states.at(-1), { updated_at: "2024-05-03T10:00:00Z" });
  });

  it("a class overriding the kit's private _get_request_options changes the options the kit's start_time_option and end_time_option make", async () => {
    const built = manifest("BodyFilterCursor", {
      requester: { http_method: "POST" },
      cursor: {
        start_time_option: { type: "RequestOption", inject_into: "body_json", field_name: "since" },
        end_time_option: { type: "RequestOption", inject_into: "body_json", field_name: "until" },
      },
    });
    const { records, requests } = await read(built, "2024-05-01T23:59:59Z");
    assert.deepEqual(records.map((r) => r.id), ["e1"]);
    assert.deepEqual(JSON.parse(requests[0]!.body), { filter: { since: "2024-05-01T00:00:00Z", until: "2024-05-01T23:59:59Z" } });
  });

  it("a class overriding how the windows are made is refused, naming the method", async () => {
    await assert.rejects(read(manifest("WindowOverride"), "2024-05-01T23:59:59Z"), (error: Error & { code?: string }) => {
      assert.equal(error.code, "PYTHON_KIT_CLASS_MISSING");
      assert.match(error.message, /WindowOverride overrides DatetimeBasedCursor\._partition_daterange/);
      return true;
    });
  });
});
