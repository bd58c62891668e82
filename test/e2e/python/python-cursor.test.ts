import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector } from "./python-connector.js";

/** A CustomIncrementalSync written from scratch on the kit's DeclarativeCursor, as source-zendesk-chat's id cursor is. */
const COMPONENTS = `
from dataclasses import InitVar, dataclass, field
from typing import Any, Mapping, Optional

from airbyte_cdk.sources.declarative.incremental.declarative_cursor import DeclarativeCursor
from airbyte_cdk.sources.declarative.incremental import Cursor
from airbyte_cdk.sources.types import Config, Record, StreamSlice, StreamState


@dataclass
class IdCursor(DeclarativeCursor):
    config: Config
    cursor_field: str
    field_name: str
    parameters: InitVar[Mapping[str, Any]]
    _cursor: Optional[int] = field(repr=False, default=None)

    def __post_init__(self, parameters):
        self._highest = None

    def set_initial_state(self, stream_state: StreamState) -> None:
        self._cursor = stream_state.get(self.cursor_field) if stream_state else None

    def stream_slices(self):
        return [StreamSlice(partition={}, cursor_slice={})]

    def should_be_synced(self, record: Record) -> bool:
        return record.get(self.cursor_field) > (self._cursor or 0)

    def observe(self, stream_slice: StreamSlice, record: Record) -> None:
        assert isinstance(record, Record) and record.associated_slice is not None
        self._highest = max(self._highest or 0, record[self.cursor_field])

    def close_slice(self, stream_slice: StreamSlice, *args) -> None:
        self._cursor = max(self._cursor or 0, self._highest or 0)

    def get_stream_state(self) -> StreamState:
        return {self.cursor_field: self._cursor} if self._cursor else {}

    def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None):
        return {self.field_name: self._cursor} if self._cursor else {}


@dataclass
class OldStyleCursor(Cursor):
    parameters: InitVar[Mapping[str, Any]]

    def stream_slices(self):
        yield {}

    def set_initial_state(self, stream_state):
        pass

    def update_state(self, stream_slice, last_record):
        pass

    def get_stream_state(self):
        return {}
`;

const AGENTS = [{ id: 4 }, { id: 9 }, { id: 12 }];

describe("a Python CustomIncrementalSync on the kit's Cursor", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  const served = { upTo: 2 };
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    // The API ignores since_id (the cursor's should_be_synced drops what the state already has); it lists the first `upTo` agents.
    api = await startLoopback(() => ({ body: { agents: AGENTS.slice(0, served.upTo) } }));
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const manifest = (className: string) => sourceDef([streamDef({
    name: "agents", urlBase: api.url, path: "/agents", fieldPath: ["agents"],
    incrementalSync: { type: "CustomIncrementalSync", class_name: `source_declarative_manifest.components.${className}`, cursor_field: "id", field_name: "since_id" },
  })]);

  const read = async (className: string, state?: Record<string, unknown>) => {
    const from = api.requests.length;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(className), searchFrom: dir.dir, config: {} });
    const states: Array<Record<string, unknown>> = [];
    const records: Array<Record<string, unknown>> = [];
    for await (const record of connector.read("agents", { state, onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) })) records.push(record);
    return { states, records, requests: api.requests.slice(from) };
  };

  it("reads through the class's slices and request options, writes the class's own state shape, and a resumed read starts from it", async () => {
    served.upTo = 2;
    const first = await read("IdCursor");
    assert.deepEqual(first.records.map((r) => r.id), [4, 9]);
    assert.equal(first.requests[0]!.url.searchParams.get("since_id"), null);
    assert.deepEqual(first.states.at(-1), { id: 9 });

    served.upTo = 3;
    const second = await read("IdCursor", first.states.at(-1));
    assert.equal(second.requests[0]!.url.searchParams.get("since_id"), "9", "set_initial_state gave the class the saved state before its request options");
    assert.deepEqual(second.records.map((r) => r.id), [12], "should_be_synced dropped what the state had");
    assert.deepEqual(second.states.at(-1), { id: 12 });
  });

  it("a Cursor written for the kit's older interface (update_state) is refused, naming what it lacks", async () => {
    await assert.rejects(read("OldStyleCursor"), (error: Error & { code?: string }) => {
      assert.equal(error.code, "PYTHON_KIT_CLASS_MISSING");
      assert.match(error.message, /OldStyleCursor extends the kit's Cursor and does not define close_slice \(it defines update_state, the kit's older Cursor interface\)/);
      return true;
    });
  });
});
