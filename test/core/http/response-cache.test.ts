import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FetchedResponse, HeaderBag } from "../../../core/http/fetched-response.js";
import { ResponseCache } from "../../../core/http/response-cache.js";
import { cacheKey } from "../../../plugins/http/http-requester.js";
import { NoAuth } from "../../../plugins/auth/no-auth.js";
import type { OutgoingRequest } from "../../../sdk/index.js";

function response(body: string, status = 200): FetchedResponse {
  return new FetchedResponse(status, "https://api.example.com/boards", new HeaderBag(), body, "GET https://api.example.com/boards");
}

function logger(debug: string[] = []) {
  return { debug: (message: string) => void debug.push(message), info() {}, warn() {}, error() {} };
}

describe("ResponseCache", () => {
  it("answers a second send of a read from the kept response, with a copy of its own", async () => {
    const cache = new ResponseCache(1024, logger());
    const read = new AbortController().signal;
    let loads = 0;
    const load = async () => (loads++, response('{"data":[{"id":1}]}'));
    const first = await cache.fetch(read, "k", load);
    const second = await cache.fetch(read, "k", load);
    assert.equal(loads, 1);
    assert.notEqual(first, second);
    (second.json() as { data: unknown[] }).data.push({ id: "changed" });
    assert.deepEqual((first.json() as { data: unknown[] }).data, [{ id: 1 }], "a consumer's change to its parsed body is its own");
    assert.equal(cache.hits(read), 1);
  });

  it("shares one request between identical sends in flight at once", async () => {
    const cache = new ResponseCache(1024, logger());
    const read = new AbortController().signal;
    let loads = 0;
    let finish: () => void = () => undefined;
    const load = () => new Promise<FetchedResponse>((resolve) => (loads++, (finish = () => resolve(response("{}")))));
    const both = Promise.all([cache.fetch(read, "k", load), cache.fetch(read, "k", load), cache.fetch(read, "k", load)]);
    finish();
    await both;
    assert.equal(loads, 1);
    assert.equal(cache.hits(read), 2);
  });

  it("keeps nothing across reads, and nothing that failed or was not a success", async () => {
    const cache = new ResponseCache(1024, logger());
    const [a, b] = [new AbortController().signal, new AbortController().signal];
    let loads = 0;
    await cache.fetch(a, "k", async () => (loads++, response("{}")));
    await cache.fetch(b, "k", async () => (loads++, response("{}")));
    await assert.rejects(cache.fetch(a, "fails", async () => { loads++; throw new Error("down"); }));
    await cache.fetch(a, "fails", async () => (loads++, response("{}")));
    const ignored = response("{}", 404);
    ignored.ignored = true;
    await cache.fetch(a, "ignored", async () => (loads++, ignored));
    await cache.fetch(a, "ignored", async () => (loads++, response("{}")));
    assert.equal(loads, 6);
  });

  it("stays within its bytes per read: the least recently used is evicted, logged at debug, and requested again", async () => {
    const debug: string[] = [];
    const cache = new ResponseCache(100, logger(debug));
    const read = new AbortController().signal;
    let loads = 0;
    const body = "x".repeat(40);
    const load = async () => (loads++, response(body));
    await cache.fetch(read, "a", load);
    await cache.fetch(read, "b", load);
    await cache.fetch(read, "a", load); // a is now the most recently used
    await cache.fetch(read, "c", load); // evicts b
    assert.equal(loads, 3);
    assert.equal(debug.length, 1);
    assert.match(debug[0]!, /evicted GET https:\/\/api.example.com\/boards to stay within 100 bytes \(1 evicted/);
    await cache.fetch(read, "a", load);
    await cache.fetch(read, "b", load);
    assert.equal(loads, 4, "b was requested again");
    await cache.fetch(read, "big", async () => (loads++, response("y".repeat(500))));
    await cache.fetch(read, "big", async () => (loads++, response("y".repeat(500))));
    assert.equal(loads, 6, "a response larger than the limit is never kept");
  });
});

describe("the requester's cache key", () => {
  const request = (): OutgoingRequest => ({ method: "GET", url: "https://api.example.com/boards", params: { page: 2 }, headers: { Accept: "application/json" } });

  it("is the request before authentication, and the authenticator's identity", () => {
    const [one, two] = [new NoAuth(), new NoAuth()];
    assert.equal(cacheKey(request(), one), cacheKey(request(), one));
    assert.notEqual(cacheKey(request(), one), cacheKey(request(), two));
    assert.notEqual(cacheKey({ ...request(), params: { page: 3 } }, one), cacheKey(request(), one));
  });
});
