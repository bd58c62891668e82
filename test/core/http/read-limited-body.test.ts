import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { describe, it } from "node:test";
import { HeaderBag } from "../../../core/http/fetched-response.js";
import { readLimitedBody, readLimitedBytes } from "../../../core/http/read-limited-body.js";
import type { FetchResponse } from "../../../sdk/index.js";

const label = () => "GET https://api.example.com/x";

/** A response whose body streams `chunks` (counting how many were pulled), or has only `text()`. */
function response(chunks: Array<string | Buffer> | undefined, headers: Record<string, string> = {}): { raw: FetchResponse; headers: HeaderBag; pulled: () => number } {
  let pulled = 0;
  const bag = new HeaderBag();
  for (const [name, value] of Object.entries(headers)) bag.add(name, value);
  const body = chunks && {
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) {
        pulled++;
        yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
      }
    },
  };
  const raw: FetchResponse = { status: 200, url: "https://api.example.com/x", headers: { forEach() {} }, body, text: async () => (chunks ? Buffer.concat(chunks.map((c) => Buffer.from(c))).toString("utf8") : "{}") };
  return { raw, headers: bag, pulled: () => pulled };
}

describe("reading a body under a size limit", () => {
  it("returns text and bytes of a streamed body within the limit (a multi-byte character split across chunks stays whole)", async () => {
    const euro = Buffer.from('{"a":"€"}');
    const { raw, headers } = response([euro.subarray(0, 7), euro.subarray(7)]);
    assert.equal(await readLimitedBody(raw, headers, 100, label), '{"a":"€"}');
    const second = response(["héllo"]);
    assert.deepEqual(await readLimitedBytes(second.raw, second.headers, 100, label), Buffer.from("héllo"));
  });

  it("stops pulling chunks as soon as the limit is passed", async () => {
    const { raw, headers, pulled } = response(["a".repeat(40), "b".repeat(40), "c".repeat(40), "d".repeat(40)]);
    await assert.rejects(readLimitedBody(raw, headers, 100, label), { code: "HTTP_RESPONSE_TOO_LARGE" });
    assert.equal(pulled(), 3);
  });

  it("refuses a declared Content-Length over the limit before reading, unless the body is compressed", async () => {
    const declared = response(["x"], { "Content-Length": "1000" });
    await assert.rejects(readLimitedBytes(declared.raw, declared.headers, 100, label), { code: "HTTP_RESPONSE_TOO_LARGE" });
    assert.equal(declared.pulled(), 0);
    const gzip = response(["x"], { "Content-Length": "1000", "Content-Encoding": "gzip" });
    assert.equal(await readLimitedBody(gzip.raw, gzip.headers, 100, label), "x");
  });

  it("checks a transport without a body stream after text()", async () => {
    const small = response(undefined);
    assert.equal(await readLimitedBody(small.raw, small.headers, 100, label), "{}");
    const big = { ...response(undefined), raw: { ...response(undefined).raw, text: async () => "é".repeat(60) } };
    await assert.rejects(readLimitedBody(big.raw, big.headers, 100, label), { code: "HTTP_RESPONSE_TOO_LARGE" });
  });
});

describe("reading a Node.js stream body (node-fetch's, undici's) through its events", () => {
  const streamed = (body: Readable): FetchResponse => ({ status: 200, url: "https://api.example.com/x", headers: { forEach() {} }, body, text: async () => assert.fail("the stream is read, not text()") });

  it("joins the chunks (a character split across chunks stays whole) and leaves no listener behind", async () => {
    const euro = Buffer.from('{"a":"€"}');
    const body = Readable.from([euro.subarray(0, 7), euro.subarray(7)], { objectMode: false });
    assert.equal(await readLimitedBody(streamed(body), new HeaderBag(), 100, label), '{"a":"€"}');
    assert.deepEqual(["data", "end", "error", "close"].map((event) => body.listenerCount(event)), [0, 0, 0, 0]);
  });

  it("stops and destroys the stream as soon as the limit is passed", async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(40, 0x61));
      },
    });
    await assert.rejects(readLimitedBody(streamed(body), new HeaderBag(), 100, label), { code: "HTTP_RESPONSE_TOO_LARGE" });
    assert.ok(body.destroyed, "the stream is destroyed");
    assert.ok(pulled <= 4, `${pulled} chunks pulled`);
  });

  it("fails with the stream's error, and with a clear error when the stream is cut off without one", async () => {
    const failing = new Readable({ read() {} });
    const reading = readLimitedBody(streamed(failing), new HeaderBag(), 100, label);
    failing.push("{");
    failing.destroy(new Error("socket hang up"));
    await assert.rejects(reading, /socket hang up/);
    const cut = new Readable({ read() {} });
    const cutReading = readLimitedBody(streamed(cut), new HeaderBag(), 100, label);
    cut.push("{");
    cut.destroy();
    await assert.rejects(cutReading, { code: "ERR_STREAM_PREMATURE_CLOSE" });
  });
});

describe("response headers from a transport", () => {
  const source = (headers: Array<[string, string]>, withGet: boolean) => {
    let copied = 0;
    const transport = {
      forEach(callback: (value: string, name: string) => void) {
        copied++;
        for (const [name, value] of headers) callback(value, name);
      },
      ...(withGet ? { get: (name: string) => headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v).join(", ") || null } : {}),
    };
    return { transport, copied: () => copied };
  };

  it("are looked up one by one when the transport can (nothing copied), and copied once when all are asked for", () => {
    const { transport, copied } = source([["Content-Length", "12"], ["Link", "<a>; rel=next"], ["link", "<b>; rel=last"]], true);
    const bag = new HeaderBag(transport);
    assert.equal(bag.get("content-length"), "12");
    assert.equal(bag.get("LINK"), "<a>; rel=next, <b>; rel=last");
    assert.equal(copied(), 0);
    assert.deepEqual([...bag.entries()], [["Content-Length", "12"], ["Link", "<a>; rel=next, <b>; rel=last"]]);
    assert.deepEqual([...bag.entries()].length, 2);
    assert.equal(copied(), 1, "copied once");
    assert.equal(bag.get("content-length"), "12");
  });

  it("are copied once when the transport has no lookup by name, with the same answers", () => {
    const { transport, copied } = source([["Content-Length", "12"], ["Link", "<a>; rel=next"], ["link", "<b>; rel=last"]], false);
    const bag = new HeaderBag(transport);
    assert.equal(bag.get("Content-Length"), "12");
    assert.equal(bag.get("link"), "<a>; rel=next, <b>; rel=last");
    assert.equal(bag.get("x-missing"), null);
    assert.equal(copied(), 1);
  });
});
