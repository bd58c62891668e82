import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import type { StreamDetection } from "../../../core/probe/detect-stream.js";
import { STRIPE_BEFORE_DETECT } from "../probe/detect-manifest.js";
import { stripe } from "../probe/list-apis/cursor-apis.js";
import { pageNumbered } from "../probe/list-apis/extra-apis.js";
import { serveListApis, TOKEN } from "../probe/list-apis/list-api.js";
import { basePath, send } from "./builder-support.js";

let server: Awaited<ReturnType<typeof serveListApis>>;
let dir: string;
let builder: RunningBuilder;

before(async () => {
  server = await serveListApis([stripe, pageNumbered]);
  dir = mkdtempSync(join(tmpdir(), "sluice-builder-detect-"));
  writeFileSync(join(dir, "manifest.yaml"), STRIPE_BEFORE_DETECT);
  builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  const values = { base_url: `${server.origin}/stripe`, api_key: TOKEN };
  assert.equal((await send(builder.port, "PUT", `${basePath(builder.url)}api/testing-values`, { body: { values } })).status, 200);
});
after(async () => {
  await builder.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it("POST api/detect proposes the record path, primary key and a confirmed paginator at their written places, with the testing values, and changes nothing", async () => {
  const answer = await send(builder.port, "POST", `${basePath(builder.url)}api/detect`, { body: { text: STRIPE_BEFORE_DETECT, stream: "customers" } });
  assert.equal(answer.status, 200, answer.body);
  const detection = answer.json<StreamDetection>();
  const byField = Object.fromEntries(detection.changes.map((c) => [c.field, c]));
  assert.deepEqual(byField["record path"]!.segments, ["streams", 0, "retriever", "record_selector", "extractor", "field_path"]);
  assert.deepEqual([byField["record path"]!.old, byField["record path"]!.value], [[], ["data"]]);
  assert.deepEqual([byField["primary key"]!.old, byField["primary key"]!.value], [undefined, "id"]);
  assert.deepEqual(byField.paginator!.segments, ["streams", 0, "retriever", "paginator"]);
  assert.equal((byField.paginator!.value as { page_token_option: { field_name: string } }).page_token_option.field_name, "starting_after");
  assert.match(byField.paginator!.evidence, /has_more: true/);
  assert.match(detection.confirmation!.text, /^3 pages, 30 records, none repeated/);
  assert.ok(!answer.body.includes(TOKEN), "the testing value's secret is not sent to the page");
  assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), STRIPE_BEFORE_DETECT, "Detect writes nothing");
});

it("POST api/detect proposes removing a parameter written by hand where the paginator puts its token, instead of turning the paginator down", async () => {
  // The author copied the first page's URL: \`page: "1"\` is written by hand where a page-number paginator injects \`page\`.
  const text = STRIPE_BEFORE_DETECT.replace(`      limit: "10"\n`, `      page: "1" # the first page\n`).replace("/v1/customers", "/api/users");
  const values = { base_url: `${server.origin}/page-numbered`, api_key: TOKEN };
  assert.equal((await send(builder.port, "PUT", `${basePath(builder.url)}api/testing-values`, { body: { values } })).status, 200);
  try {
    const answer = await send(builder.port, "POST", `${basePath(builder.url)}api/detect`, { body: { text, stream: "customers" } });
    assert.equal(answer.status, 200, answer.body);
    const detection = answer.json<StreamDetection>();
    assert.deepEqual(detection.rejected, [], "the paginator is not turned down");
    assert.match(detection.confirmation!.text, /^3 pages, 18 records, none repeated/);
    const removal = detection.changes.find((c) => c.field === "request parameter")!;
    assert.deepEqual([removal.segments, removal.old, "value" in removal], [["definitions", "requester", "request_parameters", "page"], "1", false]);
    assert.match(removal.evidence, /^page is written by hand at definitions\.requester\.request_parameters\.page \(a shared definition: every stream using it loses it\), and the paginator sets page on each next page/);
    assert.equal((detection.changes.find((c) => c.field === "paginator")!.value as { page_token_option: { field_name: string } }).page_token_option.field_name, "page");
  } finally {
    await send(builder.port, "PUT", `${basePath(builder.url)}api/testing-values`, { body: { values: { base_url: `${server.origin}/stripe`, api_key: TOKEN } } });
  }
});

it("POST api/detect names a stream the manifest does not have", async () => {
  const answer = await send(builder.port, "POST", `${basePath(builder.url)}api/detect`, { body: { text: STRIPE_BEFORE_DETECT, stream: "invoices" } });
  assert.equal(answer.status, 400);
  assert.match(answer.body, /No stream named \\"invoices\\"/);
});
