import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type ReadMessage } from "../../../core/index.js";
import { dayWindows, latencyManifest, nextPagePaginator, startLatencyApi, type LatencyApi } from "../../support/latency-api.js";

const ALL_HOURS = 10 * 24;

/** `/events` in day windows (3 pages each), optionally partitioned by `?part=` (a list of two). */
function eventsStream(url: string, partitioned: boolean): Record<string, unknown> {
  const option = (field_name: string) => ({ type: "RequestOption", inject_into: "request_parameter", field_name });
  return {
    type: "DeclarativeStream",
    name: "events",
    primary_key: "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    incremental_sync: dayWindows({ from: "2024-01-01T00:00:00Z", to: "2024-01-10T23:59:59Z" }, { start_time_option: option("start"), end_time_option: option("end") }),
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: url, path: "/events", http_method: "GET" },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
      paginator: nextPagePaginator(),
      ...(partitioned ? { partition_router: { type: "ListPartitionRouter", values: ["a", "b"], cursor_field: "part", request_option: option("part") } } : {}),
    },
    transformations: partitioned ? [{ type: "AddFields", fields: [{ path: ["part"], value: "{{ stream_slice.part }}" }] }] : [],
  };
}

const key = (record: Record<string, unknown>) => `${String(record.part ?? "")}/${String(record.id)}`;

async function read(manifest: Record<string, unknown>, concurrency: number, state?: Record<string, unknown>): Promise<ReadMessage[]> {
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest });
  const messages: ReadMessage[] = [];
  for await (const message of connector.readAll({ concurrency, state: { events: state } })) messages.push(message);
  return messages;
}

describe("states emitted under concurrency are safe to resume from", () => {
  let api: LatencyApi;
  before(async () => {
    // Later days answer sooner than earlier ones: windows finish out of order. Without partitions the
    // days differ by 20 ms a page (182 ms for the first, 2 ms for the tenth), so they still finish out of
    // order on a machine loaded by a second test run; the partitioned read (4 ms a day) reads 20 windows.
    api = await startLatencyApi({
      delayMs: (url) => 2 + (10 - new Date(String(url.searchParams.get("start"))).getUTCDate()) * (url.searchParams.has("part") ? 4 : 20),
      perPage: 10,
    });
  });
  after(() => api.close());

  /**
   * One full read and a resumed read from each of its states: every resumed read must fill every gap.
   * Returns how many states were held back behind a window still in flight (the out-of-order case the
   * test is about).
   */
  async function resumeFromEveryState(manifest: Record<string, unknown>, partitioned: boolean): Promise<number> {
    const full = await read(manifest, 5);
    const everything = new Set(full.flatMap((m) => (m.type === "record" ? [key(m.record)] : [])));
    assert.equal(everything.size, ALL_HOURS * (partitioned ? 2 : 1));
    const states = full.flatMap((m, i) => (m.type === "state" ? [{ at: i, state: m.state }] : []));
    // A window closed behind one still in flight moves nothing, and emits no state: each state claims more than the one before.
    assert.ok(states.length >= 2, `only ${states.length} states were emitted`);
    for (let i = 1; i < states.length; i++) assert.notDeepEqual(states[i]!.state, states[i - 1]!.state, "a state that claims nothing new");
    let heldBack = 0;
    for (const { at, state } of states) {
      const before = full.slice(0, at).flatMap((m) => (m.type === "record" ? [m.record] : []));
      // The state never claims past what was delivered: a resumed read fills every gap.
      const resumed = await read(manifest, 3, state);
      const got = new Set([...before.map(key), ...resumed.flatMap((m) => (m.type === "record" ? [key(m.record)] : []))]);
      const missing = [...everything].filter((id) => !got.has(id));
      assert.deepEqual(missing, [], `resuming from ${JSON.stringify(state)} lost records`);
      const latest = before.map((r) => String(r.updated_at)).sort().at(-1);
      if (!partitioned && latest && String(state.updated_at) < latest.slice(0, 10)) heldBack++;
    }
    return heldBack;
  }

  for (const partitioned of [false, true]) {
    it(`${partitioned ? "per-partition cursor (2 partitions x 10 day windows)" : "datetime cursor (10 day windows)"}: a read resumed from any emitted state loses no record`, async () => {
      const manifest = latencyManifest([eventsStream(api.url, partitioned)]);
      if (partitioned) {
        await resumeFromEveryState(manifest, partitioned);
        return;
      }
      // Whether windows finish out of order depends on timers; a machine loaded by other work can let them
      // finish in order. Every attempt checks every state; up to three attempts make sure one of them had a
      // state held back behind a window in flight, so the test is known to exercise that case.
      let heldBack = 0;
      for (let attempt = 0; attempt < 3 && heldBack === 0; attempt++) heldBack = await resumeFromEveryState(manifest, partitioned);
      assert.ok(heldBack > 0, "in three reads no state was held back behind a window still in flight: the test did not exercise out-of-order windows");
    });
  }

  it("a saved state the cursor cannot read fails that stream alone (INCOMPLETE), the others are read", async () => {
    const other = { ...eventsStream(api.url, false), name: "other" };
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([eventsStream(api.url, false), other]) });
    const messages: ReadMessage[] = [];
    for await (const message of connector.readAll({ concurrency: 4, state: { events: { updated_at: "yesterday-ish" } } })) messages.push(message);
    const last = (stream: string) => messages.filter((m) => m.type === "status" && m.stream === stream).at(-1) as { status: string; error?: { code?: string } };
    assert.equal(last("events").status, "INCOMPLETE");
    assert.equal(last("events").error?.code, "INCREMENTAL_STATE_INVALID");
    assert.equal(last("other").status, "COMPLETE");
    assert.equal(messages.filter((m) => m.type === "record" && m.stream === "other").length, ALL_HOURS);
  });
});
