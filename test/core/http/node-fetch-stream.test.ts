/**
 * core/http/node-fetch-stream.ts: the pipe node-fetch joins each response to its body with in Sluice's
 * bundle. Each behaviour of `stream.pipeline(source, target, callback)` node-fetch relies on, on real
 * streams; then node-fetch as bundled (dist/, built by `npm test` first) on a loopback server: a whole
 * body, a gzip body, a body cut mid-way, and a body its reader gave up on, whose socket is not reused.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { PassThrough, Readable } from "node:stream";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { pipeline, pipeTwo, watchSource } from "../../../core/http/node-fetch-stream.js";
import type { Fetch } from "../../../sdk/index.js";

/** The callback's calls, and a promise of the first. */
function recorder() {
  const calls: Array<Error | undefined> = [];
  let settle!: () => void;
  const first = new Promise<void>((resolve) => (settle = resolve));
  return { calls, first, callback: (error?: Error) => (calls.push(error), settle()) };
}

async function collect(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe("pipeTwo", () => {
  it("passes every chunk in order, returns the target and calls back once, without an error, at the end", async () => {
    const { calls, first, callback } = recorder();
    const target = new PassThrough();
    assert.equal(pipeTwo(Readable.from(["a", "b", "c"]), target, callback), target);
    assert.equal(await collect(target), "abc");
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [undefined]);
  });

  it("destroys the target with the source's error, and calls back with it once", async () => {
    const { calls, first, callback } = recorder();
    const source = new PassThrough();
    const target = pipeTwo(source, new PassThrough(), callback);
    const reading = collect(target);
    source.write("part");
    source.destroy(new Error("connection reset"));
    await assert.rejects(reading, /connection reset/);
    await first;
    assert.equal(calls.length, 1);
    assert.match(String(calls[0]), /connection reset/);
  });

  it("destroys the source with the target's error", async () => {
    const { calls, first, callback } = recorder();
    const source = new PassThrough();
    const target = pipeTwo(source, new PassThrough(), callback);
    target.on("error", () => undefined);
    target.destroy(new Error("gunzip failed"));
    await first;
    assert.equal(source.destroyed, true);
    assert.match(String(calls[0]), /gunzip failed/);
  });

  it("fails the target with Node's premature-close error when the source closes before its end", async () => {
    const { calls, first, callback } = recorder();
    const source = new PassThrough();
    const target = pipeTwo(source, new PassThrough(), callback);
    const reading = collect(target);
    source.write("half a body");
    source.destroy();
    await assert.rejects(reading, (error: Error & { code?: string }) => error.code === "ERR_STREAM_PREMATURE_CLOSE" && error.message === "Premature close");
    await first;
    assert.equal((calls[0] as Error & { code?: string }).code, "ERR_STREAM_PREMATURE_CLOSE");
  });

  it("destroys the source when the target is closed before it took all of it (a reader that gave up)", async () => {
    const { calls, first, callback } = recorder();
    const source = new PassThrough();
    const target = pipeTwo(source, new PassThrough(), callback);
    source.write("more than the reader wants");
    target.destroy();
    await first;
    assert.equal(source.destroyed, true);
    assert.equal((calls[0] as Error & { code?: string }).code, "ERR_STREAM_PREMATURE_CLOSE");
  });

  it("keeps listening for errors after the end: a late error is not an uncaught one", async () => {
    const { calls, first, callback } = recorder();
    const source = new PassThrough();
    const target = pipeTwo(source, new PassThrough(), callback);
    source.end("all");
    assert.equal(await collect(target), "all");
    await first;
    source.emit("error", new Error("late"));
    target.emit("error", new Error("late too"));
    assert.deepEqual(calls, [undefined]);
  });
});

describe("watchSource", () => {
  it("returns the source itself and calls back once, without an error, at its end", async () => {
    const { calls, first, callback } = recorder();
    const source = Readable.from([Buffer.from("a"), Buffer.from("b")]);
    assert.equal(watchSource(source, callback), source);
    assert.equal(await collect(source), "ab");
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [undefined]);
  });

  it("calls back with the source's error once, and with the premature-close error when it closes before its end", async () => {
    const failing = recorder();
    const source = watchSource(new PassThrough(), failing.callback);
    source.destroy(new Error("connection reset"));
    await failing.first;
    source.emit("error", new Error("again"));
    assert.equal(failing.calls.length, 1);
    assert.match(String(failing.calls[0]), /connection reset/);

    const cut = recorder();
    const half = watchSource(new PassThrough(), cut.callback);
    half.write("half");
    half.destroy();
    await cut.first;
    assert.equal((cut.calls[0] as Error & { code?: string }).code, "ERR_STREAM_PREMATURE_CLOSE");
  });
});

describe("pipeline (node-fetch's, in the bundle)", () => {
  /** A stream with the headers of an http response. */
  const response = (chunks: string[], headers: Record<string, string> = {}) => Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { headers });

  it("hands out a response itself for an untouched pass-through, a gzip one too", () => {
    for (const source of [response(["a"]), response(["a"], { "content-encoding": "gzip" })]) assert.equal(pipeline(source, new PassThrough(), () => undefined), source);
  });

  it("pipes into a pass-through already in use, and pipes a deflate response (node-fetch pipes it twice) or a stream without headers", async () => {
    const used = new PassThrough();
    used.write("b");
    const piped = pipeline(response(["c"]), used, () => undefined) as PassThrough;
    assert.equal(piped, used);
    assert.equal(await collect(piped), "bc");
    for (const [source, text] of [[response(["d"], { "content-encoding": "deflate" }), "d"], [Readable.from([Buffer.from("e")]), "e"]] as const) {
      const target = new PassThrough();
      assert.equal(pipeline(source, target, () => undefined), target);
      assert.equal(await collect(target), text);
    }
  });

  it("hands any other call shape to Node's pipeline: three streams", async () => {
    const { calls, first, callback } = recorder();
    const last = pipeline(Readable.from(["x", "y"]), new PassThrough(), new PassThrough(), callback) as PassThrough;
    assert.equal(await collect(last), "xy");
    await first;
    assert.deepEqual(calls, [undefined]);
  });
});

describe("node-fetch as bundled, on a loopback server", () => {
  let server: Server;
  let url: string;
  let fetch: Fetch;
  const sockets = new Set<Socket>();
  const body = "x".repeat(200_000);

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === "/whole") return void res.end(body);
      if (req.url === "/gzip") return void res.writeHead(200, { "Content-Encoding": "gzip" }).end(gzipSync(body));
      // node-fetch reads a deflate body's first chunk to tell zlib's wrapping from raw deflate (old IIS servers).
      if (req.url === "/deflate") return void res.writeHead(200, { "Content-Encoding": "deflate" }).end(deflateSync(body));
      if (req.url === "/raw-deflate") return void res.writeHead(200, { "Content-Encoding": "deflate" }).end(deflateRawSync(body));
      if (req.url === "/br") return void res.writeHead(200, { "Content-Encoding": "br" }).end(brotliCompressSync(body));
      if (req.url === "/cut") {
        res.writeHead(200, { "Content-Length": String(body.length) });
        res.write(body.slice(0, 1000));
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      // /endless: more than any reader takes, until the connection goes.
      res.writeHead(200);
      const more = () => {
        while (res.write(body)) if (res.destroyed) return;
      };
      res.on("drain", more);
      more();
    });
    server.on("connection", (socket) => sockets.add(socket));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The built library, as a host imports it: its node-fetch is the bundle's.
    const built = (await import(new URL("../../../dist/core/index.js", import.meta.url).href)) as { createNodeFetchTransport: (options: { maxSockets: number }) => Fetch };
    fetch = built.createNodeFetchTransport({ maxSockets: 1 });
  });

  after(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });

  it("joins the bundle's node-fetch to this pipe (the build fails when node-fetch no longer imports it)", () => {
    const folder = new URL("../../../dist/bundle/", import.meta.url);
    const chunk = readdirSync(folder).map((name) => readFileSync(new URL(name, folder), "utf8")).find((text) => text.includes("let body = pipeline(response_"));
    assert.ok(chunk, "node-fetch's fetch is in the bundle");
    assert.match(chunk, /function pipeTwo\(/);
  });

  it("reads a whole body, and a gzip, a deflate, a raw deflate and a brotli body, from their first byte", async () => {
    for (const path of ["/whole", "/gzip", "/deflate", "/raw-deflate", "/br"]) {
      const response = await fetch(`${url}${path}`, { method: "GET", headers: {} });
      assert.equal(await collect(response.body as AsyncIterable<Buffer>), body, path);
    }
  });

  it("fails the body's read when the connection is cut mid-body", async () => {
    const response = await fetch(`${url}/cut`, { method: "GET", headers: {} });
    await assert.rejects(collect(response.body as AsyncIterable<Buffer>), /Premature close|aborted|ECONNRESET/);
  });

  it("destroys the socket of a body its reader gave up on, so the next request has a connection of its own", async () => {
    const before = sockets.size;
    const response = await fetch(`${url}/endless`, { method: "GET", headers: {} });
    for await (const _chunk of response.body as AsyncIterable<Buffer>) break;
    const next = await fetch(`${url}/whole`, { method: "GET", headers: {} });
    assert.equal(await collect(next.body as AsyncIterable<Buffer>), body);
    assert.equal(sockets.size, before + 2);
  });
});
