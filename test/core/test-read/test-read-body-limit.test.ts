import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { testRead } from "../../../core/test-read/test-read.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

let api: Loopback;
before(async () => {
  api = await startLoopback();
  api.route("/big", (_req, res) => json(res, 200, { data: [{ id: 1, text: "x".repeat(500) }] }));
  api.route("/small", (_req, res) => json(res, 200, { data: [{ id: 1 }] }));
});
after(() => api.close());

const read = (path: string) =>
  testRead(createSluice({ logLevel: "error" }), { manifest: sourceDef([streamDef({ name: "s", urlBase: api.url, path, fieldPath: ["data"] })]), config: {}, streams: ["s"], limits: { bodyChars: 100 } });

it("a response body cut at the body limit is marked truncated and keeps its whole size", async () => {
  const response = (await read("/big")).streams[0]!.slices[0]!.pages[0]!.response!;
  assert.equal(response.body.length, 100);
  assert.equal(response.truncated, true);
  assert.ok(response.bytes > 500);
});

it("a response body within the limit is not marked", async () => {
  const response = (await read("/small")).streams[0]!.slices[0]!.pages[0]!.response!;
  assert.equal(response.truncated, undefined);
  assert.equal(response.body, '{"data":[{"id":1}]}');
});
