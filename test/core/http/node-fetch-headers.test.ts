/**
 * core/http/node-fetch-headers.ts, the `Headers` the bundle's node-fetch uses: every operation gives the same
 * answer (or the same error) as node-fetch's own class, installed in node_modules; then node-fetch as
 * bundled (dist/, built by `npm test` first) sends a request's headers and reads a response's, repeated
 * names too, on a loopback server.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { after, before, describe, it } from "node:test";
import { Headers as NodeFetchHeaders } from "node-fetch";
import SluiceHeaders, { fromRawHeaders } from "../../../core/http/node-fetch-headers.js";
import type { Fetch } from "../../../sdk/index.js";

type AnyHeaders = InstanceType<typeof NodeFetchHeaders>;
type HeadersClass = new (init?: unknown) => AnyHeaders;

/** What `run` returned, or the error it threw (its class, code and message). */
function outcome(run: () => unknown): unknown {
  try {
    const value = run();
    return { value: value instanceof Object && typeof (value as Iterable<unknown>)[Symbol.iterator] === "function" && !Array.isArray(value) ? [...(value as Iterable<unknown>)] : value };
  } catch (error) {
    const e = error as Error & { code?: string };
    return { error: e.constructor.name, code: e.code, message: e.message };
  }
}

/** The same steps on node-fetch's class and on Sluice's: each step's outcome, and the headers' state after all of them. */
function bothClasses(steps: (Headers: HeadersClass) => Array<() => unknown>): void {
  const [theirs, ours] = [NodeFetchHeaders as unknown as HeadersClass, SluiceHeaders as unknown as HeadersClass].map((Headers) => steps(Headers).map(outcome));
  assert.deepEqual(ours, theirs);
}

describe("the bundle's node-fetch Headers answers as node-fetch's own", () => {
  it("builds from a record, pairs, another Headers or nothing, lowercasing names and keeping every value", () => {
    bothClasses((Headers) => [
      () => new Headers({ Accept: "application/json", "X-Count": 3 }).raw(),
      () => new Headers([["Set-Cookie", "a=1"], ["set-cookie", "b=2"], ["B", "x"]]).raw(),
      () => new Headers(new Headers([["A", "1"], ["a", "2"]])).raw(),
      () => new Headers(new Map([["M", "v"]])).raw(),
      () => new Headers().raw(),
      () => new Headers(null).raw(),
      () => new Headers(undefined).raw(),
    ]);
  });

  it("refuses what node-fetch refuses, with the same errors", () => {
    bothClasses((Headers) => [
      () => new Headers("Accept: x"),
      () => new Headers(42),
      () => new Headers({ "bad name": "x" }),
      () => new Headers({ Good: "line\nbreak" }),
      () => new Headers([["only-name"]]),
      () => new Headers([["a", "b", "c"]]),
      () => new Headers([[1, "x"]]),
      () => new Headers(["ab"]),
      () => new Headers({ [Symbol.iterator]: 5 }),
      () => new Headers().append("x y", "1"),
      () => new Headers().set("x", "\u0000"),
      () => new Headers().get("bad name"),
      () => new Headers().has("bad name"),
      () => new Headers().delete("bad name"),
    ]);
  });

  it("appends, sets, deletes, finds and joins as node-fetch does", () => {
    bothClasses((Headers) => {
      const headers = new Headers({ "Content-Encoding": "GZIP", Vary: "Accept" });
      return [
        () => headers.append("vary", "Origin"),
        () => headers.get("VARY"),
        () => headers.get("content-encoding"),
        () => headers.get("missing"),
        () => headers.has("Vary"),
        () => headers.has("missing"),
        () => headers.set("Vary", "Cookie"),
        () => headers.get("vary"),
        () => headers.append("Z-Last", "1"),
        () => headers.append("A-First", "2"),
        () => headers.delete("content-encoding"),
        () => headers.keys(),
        () => headers.values(),
        () => headers.entries(),
        () => [...headers],
        () => {
          const seen: unknown[] = [];
          headers.forEach(function (this: unknown, value, name, self) {
            seen.push([value, name, self === headers, this]);
          }, "this-arg");
          return seen;
        },
        () => headers.raw(),
        () => String(headers),
        () => Object.prototype.toString.call(headers),
        () => (headers as unknown as Record<symbol, () => unknown>)[Symbol.for("nodejs.util.inspect.custom")]!(),
      ];
    });
  });

  it("hands http.request one value as itself, several as a list, and `host` always as its first", () => {
    bothClasses((Headers) => [() => (new Headers([["Host", "a"], ["host", "b"], ["X", "1"], ["x", "2"], ["Y", "3"]]) as unknown as Record<symbol, () => unknown>)[Symbol.for("nodejs.util.inspect.custom")]!()]);
  });

  it("has the same enumerable methods and prints the same", () => {
    const names = (headers: object) => {
      const found: string[] = [];
      for (const name in headers) found.push(name);
      return found.sort();
    };
    // `size` and `sort`, inherited from URLSearchParams, throw on node-fetch's own instances (its Proxy calls them on itself).
    assert.deepEqual(names(new SluiceHeaders()), names(new NodeFetchHeaders()).filter((name) => name !== "size" && name !== "sort"));
    assert.equal(inspect(new SluiceHeaders([["B", "2"], ["a", "1"], ["a", "3"]])), inspect(new NodeFetchHeaders([["B", "2"], ["a", "1"], ["a", "3"]])));
  });

  it("reads a response's raw headers, leaving out an invalid one, as node-fetch's fromRawHeaders", () => {
    const raw = ["Content-Type", "application/json", "Set-Cookie", "a=1", "Set-Cookie", "b=2", "Bad Name", "x", "X-Ok", "fine"];
    assert.deepEqual(fromRawHeaders(raw).raw(), { "content-type": ["application/json"], "set-cookie": ["a=1", "b=2"], "x-ok": ["fine"] });
    assert.deepEqual(fromRawHeaders().raw(), {});
  });
});

describe("the bundle's node-fetch with these Headers, on a loopback server", () => {
  let server: Server;
  let url: string;
  let fetch: Fetch;
  let received: IncomingHttpHeaders = {};

  before(async () => {
    server = createServer((req, res) => {
      received = req.headers;
      res.setHeader("Set-Cookie", ["a=1", "b=2"]);
      res.setHeader("X-Total", "3");
      res.setHeader("Content-Type", "application/json");
      res.end("[]");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const built = (await import(new URL("../../../dist/core/index.js", import.meta.url).href)) as { createNodeFetchTransport: (options: { maxSockets: number }) => Fetch };
    fetch = built.createNodeFetchTransport({ maxSockets: 1 });
  });

  after(() => server.close());

  it("is the Headers the bundle's node-fetch uses (the build fails when node-fetch no longer imports it)", () => {
    const folder = new URL("../../../dist/bundle/", import.meta.url);
    const texts = readdirSync(folder).map((name) => readFileSync(new URL(name, folder), "utf8"));
    assert.ok(texts.some((text) => text.includes("this.#byName.set(String(name).toLowerCase(), [String(value)])")), "Sluice's Headers is in the bundle");
    assert.ok(!texts.some((text) => text.includes("URLSearchParams.prototype[p].call")), "node-fetch's own Headers is not");
  });

  it("sends the request's headers with node-fetch's defaults", async () => {
    const response = await fetch(`${url}/x`, { method: "POST", headers: { Authorization: "Bearer t", "X-Trace": "1" }, body: "{}" });
    await response.text();
    assert.equal(received.authorization, "Bearer t");
    assert.equal(received["x-trace"], "1");
    assert.equal(received.accept, "*/*");
    assert.equal(received["accept-encoding"], "gzip, deflate, br");
    assert.equal(received["content-length"], "2");
    assert.equal(received["content-type"], "text/plain;charset=UTF-8");
  });

  it("reads every response header, a repeated one joined", async () => {
    const response = await fetch(`${url}/y`, { method: "GET", headers: {} });
    await response.text();
    const all: Record<string, string> = {};
    response.headers.forEach((value, name) => (all[name] = value));
    assert.equal(all["set-cookie"], "a=1, b=2");
    assert.equal(all["x-total"], "3");
    assert.equal(response.headers.get?.("X-TOTAL"), "3");
    assert.equal(response.headers.get?.("not a name"), null);
  });

  it("refuses a request header node-fetch refuses", async () => {
    await assert.rejects(fetch(`${url}/z`, { method: "GET", headers: { "bad name": "x" } }), /valid HTTP token/);
  });
});
