import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { testRead } from "../../../core/test-read/test-read.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { incrementalManifest } from "../../plugins/incremental/support.js";

describe("a test read with a start state", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback((req) => ({ body: { data: [{ id: req.url.searchParams.get("since"), updated_at: req.url.searchParams.get("since") }] } }));
  });
  after(() => api.close());

  const manifest = () =>
    incrementalManifest({
      urlBase: api.url,
      path: "/events",
      cursor: { cursor_field: "updated_at", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", end_datetime: "2024-01-03", step: "P1D", cursor_granularity: "P1D", start_time_option: { inject_into: "request_parameter", field_name: "since" } },
    });

  it("shows the state each slice ended with and the stream's final state", async () => {
    const document = await testRead(createSluice({ logLevel: "error" }), { manifest: manifest(), config: {}, streams: ["events"] });
    const [stream] = document.streams;
    // The first window found nothing newer than the start: its close moved no state.
    assert.deepEqual(stream!.slices.map((s) => [s.slice.start_time, s.state]), [["2024-01-01", undefined], ["2024-01-02", { updated_at: "2024-01-02" }]]);
    assert.deepEqual(stream!.state, { updated_at: "2024-01-02" });
  });

  it("starts from the given state: only the next window is read", async () => {
    const document = await testRead(createSluice({ logLevel: "error" }), { manifest: manifest(), config: {}, streams: ["events"], states: { events: { updated_at: "2024-01-02" } } });
    const [stream] = document.streams;
    assert.deepEqual(stream!.slices.map((s) => s.slice.start_time), ["2024-01-02"]);
    assert.deepEqual(api.requests.at(-1)!.url.searchParams.get("since"), "2024-01-02");
  });
});
