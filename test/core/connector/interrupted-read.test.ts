/**
 * A read stopped by its host (the signal) is never reported finished, on any surface of the library:
 * `readAll` ends the started stream INCOMPLETE with READ_INTERRUPTED and no final state, `read()` and
 * `.pages()` end with the signal's reason and no state after it, `testRead` names the interruption,
 * and an incremental stream's states cover only the slices that were finished.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type ReadMessage } from "../../../core/index.js";
import { testRead } from "../../../core/test-read/test-read.js";
import { SluiceError } from "../../../sdk/index.js";
import { HoldingApi, PER_PAGE } from "../../support/holding-api.js";
import { dayWindows, nextPagePaginator } from "../../support/latency-api.js";
import { streamDef } from "../../support/manifest-builder.js";

describe("a read stopped by the host's signal", () => {
  let api: HoldingApi;
  let manifest: Record<string, unknown>;
  before(async () => {
    api = await new HoldingApi().listen();
    const paged = { urlBase: api.url, fieldPath: ["data"], paginator: nextPagePaginator() };
    const boards = { type: "ListPartitionRouter", values: ["a", "b", "c"], cursor_field: "board" };
    manifest = {
      version: "6.0.0",
      type: "DeclarativeSource",
      check: { type: "CheckStream", stream_names: ["first"] },
      streams: [
        streamDef({ ...paged, name: "first", path: "/first" }),
        streamDef({ ...paged, name: "boards", path: "/{{ stream_partition.board }}", partitionRouter: boards, incrementalSync: dayWindows({ from: "2024-01-01T00:00:00Z", to: "2024-01-01T23:59:59Z" }) }),
      ],
    };
  });
  after(() => api.close());

  const connect = () => createSluice({ logLevel: "error" }).connect({ manifest });

  for (const concurrency of [1, 3]) {
    it(`readAll at concurrency ${concurrency}: the stream ends INCOMPLETE (READ_INTERRUPTED), never COMPLETE, and the read rejects with the reason`, async () => {
      api.reset("first:3");
      const controller = new AbortController();
      const messages: ReadMessage[] = [];
      const reading = (async () => {
        for await (const message of (await connect()).readAll({ streams: ["first"], concurrency, signal: controller.signal })) messages.push(message);
      })();
      await api.until("first:3");
      controller.abort(new Error("the host stopped"));
      await assert.rejects(reading, /the host stopped/);
      const statuses = messages.flatMap((m) => (m.type === "status" ? [m.status] : []));
      assert.deepEqual(statuses, ["STARTED", "RUNNING", "INCOMPLETE"]);
      const last = messages.at(-1) as { error: SluiceError };
      assert.equal(last.error.code, "READ_INTERRUPTED");
      assert.match(last.error.message, /the host stopped/);
      assert.equal(messages.filter((m) => m.type === "record").length, 2 * PER_PAGE);
    });
  }

  it("an incremental stream's states cover only the slices that were finished", async () => {
    api.reset("c:2");
    const controller = new AbortController();
    const messages: ReadMessage[] = [];
    const reading = (async () => {
      for await (const message of (await connect()).readAll({ streams: ["boards"], concurrency: 1, signal: controller.signal })) messages.push(message);
    })();
    await api.until("c:2");
    controller.abort(new Error("the host stopped"));
    await assert.rejects(reading, /the host stopped/);
    const states = messages.flatMap((m) => (m.type === "state" ? [m.state as { states: Array<{ partition: { board: string } }> }] : []));
    assert.ok(states.length >= 1, "the finished partitions' states were emitted");
    for (const state of states) assert.ok(!state.states.some((s) => s.partition.board === "c"), `a state claims partition c, which was not finished: ${JSON.stringify(state)}`);
    assert.equal((messages.at(-1) as { status: string }).status, "INCOMPLETE");
  });

  for (const surface of ["read()", "pages()"] as const) {
    for (const concurrency of [1, 3]) {
      it(`${surface} at concurrency ${concurrency}: ends with the signal's reason, and no state after the stop`, async () => {
        api.reset("c:2");
        const controller = new AbortController();
        const seen: string[] = [];
        const states: unknown[] = [];
        const stream = (await connect()).read("boards", { concurrency, signal: controller.signal, onState: (state) => states.push(state) });
        const reading = (async () => {
          if (surface === "read()") for await (const record of stream) seen.push(String(record.id));
          else for await (const page of stream.pages()) for (const record of page) seen.push(String(record.id));
        })();
        await api.until("c:2");
        controller.abort(new Error("the host stopped"));
        await assert.rejects(reading, /the host stopped/);
        const claimed = JSON.stringify(states);
        assert.ok(!claimed.includes('"board":"c"'), `a state claims partition c: ${claimed}`);
        assert.ok(seen.some((id) => id.startsWith("c-1-")), "the page of c read before the stop was delivered");
      });
    }
  }

  it("return() on read() ends it with no further state", async () => {
    api.reset("b:2");
    const states: unknown[] = [];
    const records = (await connect()).read("boards", { onState: (state) => states.push(state) });
    let count = 0;
    for await (const _record of records) if (++count === PER_PAGE * 20 + 1) break;
    const before = states.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(states.length, before);
    assert.ok(!JSON.stringify(states).includes('"board":"b"'));
  });

  it("testRead: the stream being read names the interruption, the next stream is not read", async () => {
    api.reset("first:2");
    const controller = new AbortController();
    const sluice = createSluice({ logLevel: "error" });
    const reading = testRead(sluice, { manifest, config: {}, streams: ["first", "boards"], limits: { pages: 5 }, signal: controller.signal });
    await api.until("first:2");
    controller.abort(new Error("interrupted by SIGINT"));
    const document = await reading;
    assert.equal(document.streams.length, 1, "the stream after the interrupted one was read");
    assert.match(document.streams[0]!.error ?? "", /READ_INTERRUPTED.*interrupted by SIGINT/s);
  });
});
