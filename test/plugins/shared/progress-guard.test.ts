import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProgressGuard, requestSignature } from "../../../plugins/shared/progress-guard.js";
import { PaginationError, type OutgoingRequest } from "../../../sdk/index.js";

const req = (params: Record<string, string | number>, headers: Record<string, string> = {}): OutgoingRequest => ({ method: "GET", url: "http://127.0.0.1/v1/users", params, headers });

describe("ProgressGuard", () => {
  it("lets a read whose tokens and requests change go on", () => {
    const guard = new ProgressGuard({ stream: "users" });
    for (let page = 1; page <= 50; page++) {
      const token = page === 1 ? undefined : (page - 1) * 10;
      guard.beforeRequest(page, token, requestSignature(req(token === undefined ? {} : { offset: token })));
    }
  });

  it("stops a token seen before in the partition, naming the stream, the page and the token", () => {
    const guard = new ProgressGuard({ stream: "users" });
    guard.beforeRequest(1, undefined, "a");
    guard.beforeRequest(2, "cur_A", "b");
    guard.beforeRequest(3, "cur_B", "c");
    assert.throws(
      () => guard.beforeRequest(4, "cur_A", "d"),
      (e: PaginationError) =>
        e instanceof PaginationError && e.code === "PAGINATION_REPEATED_TOKEN" && e.where.stream === "users" && e.where.page === 4 && e.message.includes('"cur_A"'),
    );
  });

  it("stops a request identical to the previous one even when the token changes", () => {
    const guard = new ProgressGuard({ stream: "events" });
    guard.beforeRequest(1, undefined, requestSignature(req({ limit: 10 })));
    assert.throws(
      () => guard.beforeRequest(2, 10, requestSignature(req({ limit: 10 }))),
      (e: PaginationError) => e.code === "PAGINATION_NO_PROGRESS" && e.where.stream === "events" && e.where.page === 2 && /token 10/.test(e.message),
    );
  });

  it("stops at the page cap", () => {
    const guard = new ProgressGuard({ stream: "logs", maxPages: 3 });
    guard.beforeRequest(1, undefined, "1");
    guard.beforeRequest(2, 1, "2");
    guard.beforeRequest(3, 2, "3");
    assert.throws(() => guard.beforeRequest(4, 3, "4"), (e: PaginationError) => e.code === "PAGINATION_PAGE_CAP" && e.where.page === 4 && /3 pages/.test(e.message));
  });

  it("forgets tokens when a new partition starts, but keeps counting pages for the cap", () => {
    const guard = new ProgressGuard({ stream: "comments", maxPages: 4 });
    guard.beforeRequest(1, undefined, "p1-1");
    guard.beforeRequest(2, 100, "p1-2");
    guard.startPartition();
    guard.beforeRequest(1, undefined, "p2-1");
    guard.beforeRequest(2, 100, "p2-2");
    guard.startPartition();
    assert.throws(() => guard.beforeRequest(1, undefined, "p3-1"), (e: PaginationError) => e.code === "PAGINATION_PAGE_CAP");
  });

  it("remembers a bounded number of tokens, so memory stays flat on long reads", () => {
    const guard = new ProgressGuard({ stream: "big", tokenMemory: 2 });
    guard.beforeRequest(1, "a", "1");
    guard.beforeRequest(2, "b", "2");
    guard.beforeRequest(3, "c", "3");
    guard.beforeRequest(4, "a", "4"); // forgotten: only b, c were remembered
    assert.throws(() => guard.beforeRequest(5, "c", "5"), (e: PaginationError) => e.code === "PAGINATION_REPEATED_TOKEN");
  });

  it("shortens a very long token in the message", () => {
    const guard = new ProgressGuard({ stream: "s" });
    const long = "x".repeat(5000);
    guard.beforeRequest(1, long, "1");
    assert.throws(() => guard.beforeRequest(2, long, "2"), (e: PaginationError) => e.message.length < 400 && /5002 chars/.test(e.message));
  });
});

describe("requestSignature", () => {
  it("ignores key order and header-name casing but sees every value", () => {
    const same = (a: OutgoingRequest, b: OutgoingRequest) => requestSignature(a).equals(requestSignature(b));
    assert.ok(same(req({ a: 1, b: 2 }, { Accept: "x" }), req({ b: 2, a: 1 }, { accept: "x" })));
    assert.ok(!same(req({ a: 1 }), req({ a: 2 })));
    assert.ok(!same(req({ a: 1 }), req({ a: 1, b: 2 })), "a parameter more");
    assert.ok(!same(req({ a: 1, b: 2 }), req({ a: 1 })), "a parameter fewer");
    assert.ok(!same(req({ a: 1 }, { Accept: "x" }), req({ a: 1 }, { Accept: "y" })));
    assert.ok(!same(req({ a: 1 }), { ...req({ a: 1 }), url: "http://127.0.0.1/v1/other" }));
    assert.ok(same({ ...req({}), params: { ids: [1, 2] } }, { ...req({}), params: { ids: [1, 2] } }), "lists compared by value");
    assert.ok(!same({ ...req({}), params: { ids: [1, 2] } }, { ...req({}), params: { ids: [2, 1] } }));
    const body = (cursor: string): OutgoingRequest => ({ method: "POST", url: "http://h/q", params: {}, headers: {}, bodyJson: { start_cursor: cursor, page_size: 2 } });
    assert.ok(!same(body("a"), body("b")));
    assert.ok(same(body("a"), { ...body("a"), bodyJson: { page_size: 2, start_cursor: "a" } }));
    const form = (page: number): OutgoingRequest => ({ method: "POST", url: "http://h/q", params: {}, headers: {}, bodyData: { page } });
    assert.ok(!same(form(1), form(2)));
    // A request that is really the same as the previous one stops the read, whatever its key order.
    const guard = new ProgressGuard({ stream: "s" });
    guard.beforeRequest(1, undefined, requestSignature(req({ a: 1, b: 2 })));
    assert.throws(() => guard.beforeRequest(2, "t", requestSignature(req({ b: 2, a: 1 }))), (e: PaginationError) => e.code === "PAGINATION_NO_PROGRESS");
  });
});
