/**
 * `sluice init --openapi` on documents of different shapes (OpenAPI 3.0 YAML, Swagger 2.0 JSON, OpenAPI
 * 3.1; API key, Basic, Bearer; offset, cursor, Link header, page number, next URL, has_more), each read
 * with `sluice read` against a loopback API that answers as its document describes: every record of
 * every list endpoint, with no edit.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type Reply, type SeenRequest } from "../../../support/loopback.js";
import { runCli } from "../../../support/run-cli.js";

const HERE = import.meta.dirname;
const range = (n: number, make: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => make(i + 1));
const PROJECTS = range(7, (i) => ({ id: `p${i}`, name: `Project ${i}` }));
const USERS = range(5, (i) => ({ id: i, email: `u${i}@example.com` }));
const ORDERS = range(9, (i) => ({ id: i, total: i * 10 }));
const CUSTOMERS = range(5, (i) => ({ uuid: `c${i}` }));
const CHARGES = range(8, (i) => ({ id: `ch_${i}`, amount: i }));
const INVOICES = range(5, (i) => ({ id: `in_${i}` }));

function tracker(req: SeenRequest, origin: string): Reply {
  if (req.headers["x-tracker-key"] !== "tk_test") return { status: 401, body: { message: "bad key" } };
  const q = req.url.searchParams;
  const path = req.url.pathname;
  if (path === "/api/v1/projects") {
    const offset = Number(q.get("offset") ?? 0);
    const limit = Number(q.get("limit") ?? 3);
    return { body: { data: PROJECTS.slice(offset, offset + limit), total: PROJECTS.length } };
  }
  const tasks = /^\/api\/v1\/projects\/(p\d+)\/tasks$/.exec(path);
  if (tasks) {
    const all = range(3, (i) => ({ id: `${tasks[1]}-t${i}`, done: i % 2 === 0 }));
    const at = Number(q.get("cursor") ?? 0);
    return { body: { tasks: all.slice(at, at + 2), next_cursor: at + 2 < all.length ? String(at + 2) : null } };
  }
  if (path === "/api/v1/users") {
    const page = Number(q.get("page") ?? 1);
    const size = Number(q.get("per_page") ?? 2);
    const next: Record<string, string> = page * size < USERS.length ? { link: `<${origin}/api/v1/users?page=${page + 1}&per_page=${size}>; rel="next"` } : {};
    return { headers: next, body: USERS.slice((page - 1) * size, page * size) };
  }
  return { status: 404, body: {} };
}

function shop(req: SeenRequest, origin: string): Reply {
  if (req.headers.authorization !== `Basic ${Buffer.from("shopper:pw-123").toString("base64")}`) return { status: 401, body: {} };
  const q = req.url.searchParams;
  if (req.url.pathname === "/v2/orders") {
    const page = Number(q.get("page") ?? 1);
    const size = Number(q.get("per_page") ?? 4);
    return { body: { orders: ORDERS.slice((page - 1) * size, page * size), count: ORDERS.length } };
  }
  if (req.url.pathname === "/v2/customers") {
    const from = Number(q.get("from") ?? 0);
    const size = Number(q.get("limit") ?? 2);
    return { body: { data: CUSTOMERS.slice(from, from + size), next: from + size < CUSTOMERS.length ? `${origin}/v2/customers?from=${from + size}&limit=${size}` : null } };
  }
  return { status: 404, body: {} };
}

function billing(req: SeenRequest): Reply {
  if (req.headers.authorization !== "Bearer sk_test_billing") return { status: 401, body: {} };
  const q = req.url.searchParams;
  if (req.url.pathname === "/v1/charges") {
    const after = q.get("starting_after");
    const from = after ? CHARGES.findIndex((c) => c.id === after) + 1 : 0;
    const size = Number(q.get("limit") ?? 10);
    return { body: { object: "list", data: CHARGES.slice(from, from + size), has_more: from + size < CHARGES.length } };
  }
  if (req.url.pathname === "/v1/invoices") {
    const from = Number(q.get("after") ?? 0);
    return { body: { invoices: INVOICES.slice(from, from + 2), meta: { next_cursor: from + 2 < INVOICES.length ? String(from + 2) : null } } };
  }
  return { status: 404, body: {} };
}

/** The records `sluice read` printed, by stream. */
function recordsByStream(stdout: string): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const line of stdout.split("\n").filter(Boolean)) {
    const message = JSON.parse(line) as { type: string; record?: { stream: string; data: unknown } };
    if (message.type === "RECORD") (out[message.record!.stream] ??= []).push(message.record!.data);
  }
  return out;
}

describe("sluice init --openapi", () => {
  let dir: string;
  const apis: Loopback[] = [];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "sluice-openapi-"));
  });
  after(async () => {
    for (const api of apis) await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function generateAndRead(name: string, document: string, handler: (req: SeenRequest, origin: string) => Reply, url: string, env: Record<string, string>) {
    const api = await startLoopback((req) => handler(req, api.url));
    apis.push(api);
    const init = await runCli(["init", name, "--openapi", join(HERE, document), "--url", `${api.url}${url}`], dir, { env });
    assert.equal(init.code, 0, init.stderr);
    const read = await runCli(["read", "--config", "secrets/config.json"], join(dir, name));
    assert.equal(read.code, 0, read.stderr + read.stdout.split("\n").filter((l) => l.includes('"TRACE"')).join("\n"));
    return { report: init.stdout, records: recordsByStream(read.stdout), manifest: readFileSync(join(dir, name, "manifest.yaml"), "utf8") };
  }

  it("OpenAPI 3.0, API key: offset, a parent's path parameter with a cursor, a Link header; every record", async () => {
    const { report, records, manifest } = await generateAndRead("tracker", "tracker-openapi-3.0.yaml", tracker, "/api/v1", { SLUICE_API_KEY: "tk_test" });
    assert.deepEqual(records.projects, PROJECTS);
    assert.equal(records.tasks?.length, 21);
    assert.deepEqual(records.users, USERS);
    assert.match(report, /authentication: API key in the header X-Tracker-Key \(security scheme 'apiKeyAuth'/);
    assert.match(report, /pagination: offset: query parameters 'offset' and 'limit'; page size 3 \(limit's default\)/);
    assert.match(report, /partitions: \{project_id\} from each record of the stream projects/);
    assert.match(report, /pagination: Link header/);
    assert.match(report, /GET \/projects\/\{project_id\}: answers one object, not a list/);
    assert.doesNotMatch(manifest, /tk_test/);
    // nullable and allOf become JSON Schema the read's records fit.
    assert.match(manifest, /type:\s*\[\s*string,\s*"?null"?\s*\]/);
  });

  it("Swagger 2.0 (JSON), Basic: page number and a next URL in the body", async () => {
    const { records, report } = await generateAndRead("shop", "shop-swagger-2.0.json", shop, "/v2", { SLUICE_USERNAME: "shopper", SLUICE_PASSWORD: "pw-123" });
    assert.deepEqual(records.orders, ORDERS);
    assert.deepEqual(records.customers, CUSTOMERS);
    assert.match(report, /page number: query parameters 'page' \(from 1\) and 'per_page'/);
    assert.match(report, /next-page URL in the body: the response field 'next'/);
    assert.match(report, /primary key: uuid/);
  });

  it("OpenAPI 3.1, Bearer: has_more with starting_after, and a cursor inside meta", async () => {
    const { records, report } = await generateAndRead("billing", "billing-openapi-3.1.yaml", billing, "/v1", { SLUICE_API_KEY: "sk_test_billing" });
    assert.deepEqual(records.charges, CHARGES);
    assert.deepEqual(records.invoices, INVOICES);
    assert.match(report, /'has_more' in the body and the query parameter 'starting_after'/);
    assert.match(report, /the response field 'meta.next_cursor' sent back as the query parameter 'after'/);
  });

  it("leaves the testing values empty and says which to fill in when the environment has none", async () => {
    const init = await runCli(["init", "empty-values", "--openapi", join(HERE, "billing-openapi-3.1.yaml")], dir, { env: {} });
    assert.equal(init.code, 0, init.stderr);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "empty-values", "secrets", "config.json"), "utf8")), { api_key: "" });
    assert.match(init.stdout, /testing values to fill in secrets\/config.json: api_key/);
    assert.match(init.stdout, /base URL: http:\/\/billing.invalid\/v1 \(the document's servers\)/);
  });

  it("keeps only --streams, and names a stream that is not there", async () => {
    const kept = await runCli(["init", "only-charges", "--openapi", join(HERE, "billing-openapi-3.1.yaml"), "--streams", "charges"], dir, { env: {} });
    assert.equal(kept.code, 0, kept.stderr);
    assert.doesNotMatch(readFileSync(join(dir, "only-charges", "manifest.yaml"), "utf8"), /invoices/);
    const wrong = await runCli(["init", "wrong", "--openapi", join(HERE, "billing-openapi-3.1.yaml"), "--streams", "refunds"], dir, { env: {} });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /No list endpoint named refunds.*\n.*charges, invoices/);
  });

  it("--probe reads each stream at a base URL and turns down a paginator whose second page repeats the first", async () => {
    // This shop ignores `page`: every request answers the first page.
    const api = await startLoopback((req) => shop(Object.assign(req, { url: new URL(req.url.pathname, req.url) }), api.url));
    apis.push(api);
    const env = { SLUICE_USERNAME: "shopper", SLUICE_PASSWORD: "pw-123" };
    const init = await runCli(["init", "probed", "--openapi", join(HERE, "shop-swagger-2.0.json"), "--streams", "orders", "--probe", `${api.url}/v2`], dir, { env });
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /probe orders: the second page repeated the first page's records .*: the paginator is turned down/);
    const manifest = readFileSync(join(dir, "probed", "manifest.yaml"), "utf8");
    assert.match(manifest, /type: NoPagination/);
    assert.match(manifest, /^# probed: generated by/m);
    const read = await runCli(["read", "--config", "secrets/config.json"], join(dir, "probed"));
    assert.equal(recordsByStream(read.stdout).orders?.length, 4);
  });

  it("refuses a file that is not an OpenAPI document, saying why", async () => {
    const result = await runCli(["init", "bad", "--openapi", join(HERE, "init-openapi.test.ts")], dir, { env: {} });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /INIT_OPENAPI_INVALID/);
  });
});
