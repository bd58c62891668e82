import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { createSluice, createUndiciTransport, type FetchResponse } from "../../../core/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const headersOf = (response: FetchResponse) => {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => (out[name] = value));
  return out;
};

describe("the undici transport", () => {
  let server: Server;
  let url = "";
  const seen: Array<{ method: string; path: string; body: string; agent?: string }> = [];
  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method!, path: req.url!, body: Buffer.concat(chunks).toString(), agent: req.headers["user-agent"] });
        if (req.url === "/moved") return res.writeHead(302, { Location: "/items" }).end();
        if (req.url === "/slow") return void setTimeout(() => res.end("{}"), 10_000);
        if (req.url === "/gzip") {
          const body = gzipSync(JSON.stringify({ data: [{ id: "zipped" }] }));
          return res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" }).end(body);
        }
        res.writeHead(200, { "Content-Type": "application/json", "X-Many": "a" }).end(JSON.stringify({ data: [{ id: 1 }, { id: 2 }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const fetch = createUndiciTransport({ maxSockets: 4 });

  it('redirect: "manual" hands the 3xx back as it is; "follow" follows it; "error" fails', async () => {
    const manual = await fetch(`${url}/moved`, { method: "GET", headers: {}, redirect: "manual" });
    assert.equal(manual.status, 302);
    assert.equal(headersOf(manual).location, "/items");
    const followed = await fetch(`${url}/moved`, { method: "GET", headers: {}, redirect: "follow" });
    assert.equal(followed.status, 200);
    assert.deepEqual(JSON.parse(await followed.text()), { data: [{ id: 1 }, { id: 2 }] });
    await assert.rejects(fetch(`${url}/moved`, { method: "GET", headers: {}, redirect: "error" }), /redirect/);
  });

  it("the abort signal stops a request in flight", async () => {
    const controller = new AbortController();
    const pending = fetch(`${url}/slow`, { method: "GET", headers: {}, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 50);
    await assert.rejects(pending);
  });

  it("decompresses a gzip body and sends a GET with a body", async () => {
    const zipped = await fetch(`${url}/gzip`, { method: "GET", headers: {} });
    assert.deepEqual(JSON.parse(await zipped.text()), { data: [{ id: "zipped" }] });
    await (await fetch(`${url}/items`, { method: "GET", headers: { "Content-Type": "application/json" }, body: '{"q":1}' })).text();
    assert.equal(seen.at(-1)!.body, '{"q":1}');
  });

  it("is chosen with createSluice({ http: { transport: 'undici' } }) and reads a stream", async () => {
    const connector = await createSluice({ logLevel: "error", http: { transport: "undici" } }).connect({ manifest: oneStreamManifest({ urlBase: url }) });
    const records = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }]);
    assert.doesNotMatch(String(seen.at(-1)!.agent), /node-fetch/, "the request went through node-fetch");
  });
});
