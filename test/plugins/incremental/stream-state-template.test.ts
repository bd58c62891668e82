import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// source-insightly: `updated_after_utc: "{{ stream_state['DATE_UPDATED_UTC'] }}"`, a name current kits refuse.
describe("stream_state in requester templates (manifests written before the kit removed it)", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: { data: [{ id: 1, updated: "2024-01-02 10:00:00" }] } }));
  });
  after(() => api.close());

  const manifest = () =>
    incrementalManifest({
      urlBase: api.url,
      path: "/contacts",
      requester: { request_parameters: { updated_after: "{{ stream_state['updated'] }}" } },
      cursor: {
        cursor_field: "updated",
        datetime_format: "%Y-%m-%d %H:%M:%S",
        start_datetime: { type: "MinMaxDatetime", datetime: "2024-01-01 00:00:00", datetime_format: "%Y-%m-%d %H:%M:%S" },
        step: "P1D",
        cursor_granularity: "PT1S",
      },
    });

  for (const byPage of [false, true]) {
    const label = byPage ? " (a page at a time)" : "";
      it(`is the stream's state${label}: empty on a first sync (the parameter is left out), then the cursor's after each slice`, async () => {
      const start = api.requests.length;
      const read = await readIncremental(manifest(), { now: "2024-01-03T00:00:00Z", byPage });
      assert.equal(read.error, undefined);
      const sent = api.requests.slice(start).map((r) => r.url.searchParams.get("updated_after"));
      assert.deepEqual(sent, [null, "2024-01-02 10:00:00"]);
    });

      it(`starts from the saved state of a later sync${label}`, async () => {
      const start = api.requests.length;
      const read = await readIncremental(manifest(), { now: "2024-01-03T00:00:00Z", state: { updated: "2024-01-02 10:00:00" }, byPage });
      assert.equal(read.error, undefined);
      assert.equal(api.requests[start]?.url.searchParams.get("updated_after"), "2024-01-02 10:00:00");
    });
  }

  it("is still refused outside the requester, with the kit's message", async () => {
    const bad = incrementalManifest({
      urlBase: api.url,
      path: "/contacts",
      retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, record_filter: { type: "RecordFilter", condition: "{{ stream_state }}" } } },
      cursor: { cursor_field: "updated", datetime_format: "%Y-%m-%d %H:%M:%S", start_datetime: "2024-01-01 00:00:00" },
    });
    const read = await readIncremental(bad, { now: "2024-01-03T00:00:00Z" });
    assert.match(String(read.error), /stream_state. is no longer supported/);
  });
});
