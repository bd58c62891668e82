import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

/** An API whose every page takes 40 ms; it records when each stream had a request open. */
class TimedApi {
  url = "";
  readonly spans: Array<{ stream: string; start: number; end: number }> = [];
  private readonly server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const stream = url.pathname.slice(1);
    const page = Number(url.searchParams.get("page") ?? 1);
    const start = performance.now();
    setTimeout(() => {
      this.spans.push({ stream, start, end: performance.now() });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: [{ id: `${stream}-${page}` }], next: page < 3 ? page + 1 : null }));
    }, 40);
  });
  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** Whether two streams ever had requests open at the same time. */
  overlapped(a: string, b: string): boolean {
    const of = (s: string) => this.spans.filter((x) => x.stream === s);
    return of(a).some((x) => of(b).some((y) => x.start < y.end && y.start < x.end));
  }
}

describe("stream_groups with BlockSimultaneousSyncsAction (the scheduler)", () => {
  const api = new TimedApi();
  before(() => api.listen());
  after(() => api.close());

  const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } };
  const stream = (name: string) => streamDef({ name, urlBase: api.url, path: `/${name}`, fieldPath: ["data"], paginator });
  const manifest = (groups: boolean) => sourceDef([stream("reports_a"), stream("reports_b"), stream("users")], {}, {
    concurrency_level: { type: "ConcurrencyLevel", default_concurrency: 3 },
    ...(groups ? { stream_groups: { reports: { streams: [stream("reports_a"), stream("reports_b")], action: { type: "BlockSimultaneousSyncsAction" } } } } : {}),
  });
  const readAll = async (groups: boolean) => {
    api.spans.length = 0;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(groups), config: {} });
    const records: unknown[] = [];
    for await (const message of connector.readAll()) if (message.type === "record") records.push(message.record);
    return records;
  };

  it("never reads two streams of one group at once, while a stream of no group reads beside them", async () => {
    const records = await readAll(true);
    assert.equal(records.length, 9);
    assert.equal(api.overlapped("reports_a", "reports_b"), false, "the group's streams were read at the same time");
    assert.equal(api.overlapped("reports_a", "users") || api.overlapped("reports_b", "users"), true, "the other stream waited too");
    const firstB = Math.min(...api.spans.filter((s) => s.stream === "reports_b").map((s) => s.start));
    const lastA = Math.max(...api.spans.filter((s) => s.stream === "reports_a").map((s) => s.end));
    assert.ok(firstB >= lastA, "reports_b started only after reports_a ended");
  });

  it("without the group the same streams are read at the same time (the control)", async () => {
    await readAll(false);
    assert.equal(api.overlapped("reports_a", "reports_b"), true);
  });
});
