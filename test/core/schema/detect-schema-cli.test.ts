import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { runCli } from "../../support/run-cli.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

/** Two pages of invoices (the second has a field the first lacks), and customers the manifest declares. */
const PAGES: Record<string, { data: Array<Record<string, unknown>>; next: string | null }> = {
  "": { data: [{ id: 1, total: 9.5, paid_at: "2024-01-31T12:00:00Z", lines: [{ sku: "a" }] }], next: "p2" },
  p2: { data: [{ id: 2, total: 3, paid_at: null, lines: [], note: "late" }], next: null },
};

const INVOICES_SCHEMA = {
  $schema: "http://json-schema.org/schema#",
  type: "object",
  properties: {
    id: { type: ["number", "null"] },
    total: { type: ["number", "null"] },
    paid_at: { type: ["string", "null"] },
    lines: { type: ["array", "null"], items: { type: ["object", "null"], properties: { sku: { type: ["string", "null"] } } } },
    note: { type: ["string", "null"] },
  },
};

const CUSTOMERS_SCHEMA = { type: "object", properties: { id: { type: "integer" } } };

describe("schemas detected from records on the command line", () => {
  let api: Loopback;
  let dir: string;
  const cli = (...args: string[]) => runCli([...args, "--manifest", join(dir, "manifest.yaml"), "--config", join(dir, "config.json")], dir);

  before(async () => {
    api = await startLoopback();
    api.route("/invoices", (req, res) => json(res, 200, PAGES[req.query.get("cursor") ?? ""]));
    api.route("/customers", (_req, res) => json(res, 200, { data: [{ id: 7 }], next: null }));
    dir = mkdtempSync(join(tmpdir(), "sluice-detect-schema-"));
    const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" } };
    const invoices = streamDef({ name: "invoices", urlBase: api.url, path: "/invoices", fieldPath: ["data"], paginator });
    delete invoices.schema_loader;
    const customers = streamDef({ name: "customers", urlBase: api.url, path: "/customers", fieldPath: ["data"], stream: { schema_loader: { type: "InlineSchemaLoader", schema: CUSTOMERS_SCHEMA } } });
    writeFileSync(join(dir, "manifest.yaml"), stringify(sourceDef([invoices, customers])));
    writeFileSync(join(dir, "config.json"), "{}");
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("test-read --detect-schema puts the schema of every page's records, in the kit's shape, in the JSON document", async () => {
    const { code, stdout, stderr } = await cli("test-read", "--stream", "invoices", "--detect-schema", "--json");
    assert.equal(code, 0, stderr);
    const document = JSON.parse(stdout) as { streams: Array<{ inferred_schema: unknown; slices: Array<{ pages: unknown[] }> }> };
    assert.equal(document.streams[0]!.slices[0]!.pages.length, 2);
    assert.deepEqual(document.streams[0]!.inferred_schema, INVOICES_SCHEMA);
  });

  it("test-read --detect-schema prints the detected schema after the pages, with date-time formats when asked", async () => {
    const { code, stdout } = await cli("test-read", "--stream", "invoices", "--detect-schema", "--date-time-formats");
    assert.equal(code, 0);
    const shown = stdout.slice(stdout.indexOf("Detected schema of invoices"));
    assert.ok(shown.startsWith("Detected schema of invoices"), stdout);
    assert.match(shown, /"paid_at": \{\s*"type": \[\s*"string",\s*"null"\s*\],\s*"format": "date-time"\s*\}/);
  });

  it("discover --detect-schemas reads the stream that declares no schema and reports its detected schema; a declared one is kept and not read", async () => {
    api.seen.length = 0;
    const { code, stdout, stderr } = await cli("discover", "--detect-schemas");
    assert.equal(code, 0, stderr);
    const catalog = (JSON.parse(stdout.trim().split("\n").at(-1)!) as { catalog: { streams: Array<{ name: string; json_schema: unknown }> } }).catalog;
    assert.deepEqual(catalog.streams.find((s) => s.name === "invoices")!.json_schema, INVOICES_SCHEMA);
    assert.deepEqual(catalog.streams.find((s) => s.name === "customers")!.json_schema, CUSTOMERS_SCHEMA);
    assert.deepEqual(api.seen.map((r) => r.path), ["/invoices", "/invoices"]);
  });

  it("discover --detect-schemas says once that it uses the testing config", async () => {
    mkdirSync(join(dir, "secrets"), { recursive: true });
    writeFileSync(join(dir, "secrets", "config.json"), "{}");
    const { code, stderr } = await runCli(["discover", "--detect-schemas", "--manifest", join(dir, "manifest.yaml")], dir);
    assert.equal(code, 0, stderr);
    assert.equal(stderr.split("using the testing config").length - 1, 1, stderr);
  });

  it("discover without --detect-schemas sends nothing and reports the declared schemas", async () => {
    api.seen.length = 0;
    const { code, stdout } = await cli("discover");
    assert.equal(code, 0);
    assert.notDeepEqual(JSON.parse(stdout.trim().split("\n").at(-1)!).catalog.streams[0].json_schema, INVOICES_SCHEMA);
    assert.equal(api.seen.length, 0);
  });
});
