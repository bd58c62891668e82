/**
 * The Airbyte protocol as a library: what `sluice read` and `discover` print, produced by
 * `airbyteRead` and `airbyteCatalog` for a host, with no CLI in between.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { airbyteCatalog, airbyteRead, createSluice, parseConfiguredCatalog, parseStreamStates, SluiceError, type AirbyteMessage } from "../../../core/index.js";
import { dayWindows, nextPagePaginator } from "../../support/latency-api.js";
import { useLoopback } from "../../support/loopback.js";
import { streamDef } from "../../support/manifest-builder.js";

describe("airbyteRead and airbyteCatalog", () => {
  const api = useLoopback((req) => {
    if (req.url.pathname === "/broken") return { status: 400, body: { error: "token sk_live_SECRET is wrong" } };
    if (req.url.pathname === "/events") return { body: { data: [{ id: "e1", updated_at: "2024-01-01T05:00:00Z" }], next: null } };
    const page = Number(req.url.searchParams.get("page") ?? 1);
    return { body: { data: [{ id: page * 10 + 1 }, { id: page * 10 + 2 }], next: page < 3 ? page + 1 : null, meta: { total: 6 } } };
  });
  const connect = (maxPages?: number) => {
    const paged = { urlBase: api.url, fieldPath: ["data"], paginator: nextPagePaginator() };
    const manifest = {
      version: "6.0.0",
      type: "DeclarativeSource",
      check: { type: "CheckStream", stream_names: ["users"] },
      spec: { type: "Spec", connection_specification: { type: "object", properties: { token: { type: "string", airbyte_secret: true } } } },
      streams: [
        streamDef({ ...paged, name: "users", path: "/users", retriever: { total_records: "{{ response.meta.total }}" } }),
        streamDef({ urlBase: api.url, name: "events", path: "/events", fieldPath: ["data"], incrementalSync: dayWindows({ from: "2024-01-01T00:00:00Z", to: "2024-01-01T23:59:59Z" }) }),
        streamDef({ urlBase: api.url, name: "broken", path: "/broken", fieldPath: ["data"] }),
      ],
    };
    return createSluice({ logLevel: "error", readLimits: maxPages ? { maxPages } : {} }).connect({ manifest, config: { token: "sk_live_SECRET" } });
  };
  const kinds = (messages: AirbyteMessage[], stream: string) =>
    messages
      .filter((m) => JSON.stringify(m).includes(`"${stream}"`))
      .map((m) => (m.type === "TRACE" ? `${(m.trace as { type: string }).type}${(m.trace as { stream_status?: { status: string } }).stream_status ? ` ${(m.trace as { stream_status: { status: string } }).stream_status.status}` : ""}` : m.type));

  it("yields statuses, records, estimates, the full-refresh final STATE, and an ERROR trace (redacted) for a failed stream while the others go on", async () => {
    const read = await airbyteRead(await connect(), { concurrency: 1 });
    const messages: AirbyteMessage[] = [];
    for await (const message of read) messages.push(message);
    // The ESTIMATE comes when the first page has been read (where among its records depends on the read ahead).
    assert.deepEqual(kinds(messages, "users").filter((k) => k !== "ESTIMATE"), ["STREAM_STATUS STARTED", "STREAM_STATUS RUNNING", "RECORD", "RECORD", "RECORD", "RECORD", "RECORD", "RECORD", "STATE", "STREAM_STATUS COMPLETE"]);
    assert.equal(kinds(messages, "users").filter((k) => k === "ESTIMATE").length, 1);
    assert.deepEqual(kinds(messages, "events").filter((k) => k !== "RECORD"), ["STREAM_STATUS STARTED", "STREAM_STATUS RUNNING", "STATE", "STREAM_STATUS COMPLETE"]);
    assert.deepEqual(kinds(messages, "broken"), ["STREAM_STATUS STARTED", "STREAM_STATUS INCOMPLETE", "ERROR"]);
    assert.ok(!JSON.stringify(messages).includes("sk_live_SECRET"), "a secret reached a message");
    assert.deepEqual(read.summary(), { streams: 3, records: 7, pages: 4, failed: ["broken"] });
  });

  it("a catalog selects streams and modes (full_refresh starts from no state), and refuses incremental without a cursor before reading", async () => {
    const connector = await connect();
    const state = parseStreamStates([{ type: "STREAM", stream: { stream_descriptor: { name: "events" }, stream_state: { updated_at: "2024-01-02T00:00:00Z" } } }]);
    const incremental = await airbyteRead(connector, { catalog: parseConfiguredCatalog({ streams: [{ stream: { name: "events" }, sync_mode: "incremental" }] }), state });
    const fromState: AirbyteMessage[] = [];
    for await (const message of incremental) fromState.push(message);
    assert.equal(fromState.filter((m) => m.type === "RECORD").length, 0, "the saved state is past every record");
    const full = await airbyteRead(connector, { catalog: parseConfiguredCatalog({ streams: [{ stream: { name: "events" }, sync_mode: "full_refresh" }] }), state });
    const fromNothing: AirbyteMessage[] = [];
    for await (const message of full) fromNothing.push(message);
    assert.equal(fromNothing.filter((m) => m.type === "RECORD").length, 1);
    await assert.rejects(airbyteRead(connector, { catalog: parseConfiguredCatalog({ streams: [{ stream: { name: "users" }, sync_mode: "incremental" }] }, "catalog.json") }), (error: unknown) => {
      assert.ok(error instanceof SluiceError && error.code === "CATALOG_INCREMENTAL_WITHOUT_CURSOR");
      assert.equal(error.where.file, "catalog.json");
      return true;
    });
  });

  it("maxPages the host asked for ends a stream COMPLETE with a LOG warning and no final STATE", async () => {
    const read = await airbyteRead(await connect(2), { streams: ["users"], maxPages: 2 });
    const messages: AirbyteMessage[] = [];
    for await (const message of read) messages.push(message);
    assert.equal(messages.filter((m) => m.type === "RECORD").length, 4);
    assert.ok(messages.some((m) => m.type === "LOG" && /stopped after 2 pages/.test((m.log as { message: string }).message)));
    assert.ok(!messages.some((m) => m.type === "STATE"));
    assert.deepEqual(kinds(messages, "users").at(-1), "STREAM_STATUS COMPLETE");
  });

  it("airbyteCatalog: sync modes, the source-defined cursor and the key paths", async () => {
    const catalog = await airbyteCatalog(await connect());
    const events = catalog.streams.find((s) => s.name === "events")!;
    assert.deepEqual(events.supported_sync_modes, ["full_refresh", "incremental"]);
    assert.deepEqual(events.default_cursor_field, ["updated_at"]);
    assert.deepEqual(events.source_defined_primary_key, [["id"]]);
    assert.deepEqual(catalog.streams.find((s) => s.name === "users")!.supported_sync_modes, ["full_refresh"]);
  });
});
