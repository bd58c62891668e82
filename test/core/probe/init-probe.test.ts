import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { runCli } from "../../support/run-cli.js";
import { initProbe, LIST_APIS } from "./list-apis/index.js";
import { serveListApis, slug, TOKEN, USER } from "./list-apis/list-api.js";

/** The primary keys of every RECORD a whole `sluice read` of the folder's connector printed. */
async function readAll(folder: string): Promise<{ code: number; stderr: string; keys: string[] }> {
  const manifest = parse(readFileSync(join(folder, "manifest.yaml"), "utf8")) as { streams: Array<{ primary_key?: string }> };
  const key = manifest.streams[0]?.primary_key;
  const { code, stdout, stderr } = await runCli(["read", "--config", "secrets/config.json"], folder);
  const records = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type: string; record?: { data: Record<string, unknown> } }).filter((m) => m.type === "RECORD");
  return { code, stderr, keys: records.map((m) => String(key ? m.record!.data[key] : JSON.stringify(m.record!.data))) };
}

/** The evidence each API's pagination is found from, as the report names it. */
const FOUND_FROM: Record<string, string> = {
  GitHub: "Link header",
  Stripe: "last record's id",
  Shopify: "Link header",
  Slack: "cursor in the body",
  HubSpot: "next URL in the body",
  Salesforce: "next URL in the body",
  Zendesk: "next URL in the body",
  Jira: "offset",
  Notion: "cursor in the body",
  Airtable: "cursor in the body",
  "Microsoft Graph": "OData nextLink",
  GraphQL: "GraphQL pageInfo",
};

describe("sluice init --probe on twelve real APIs' list endpoints", () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serveListApis>>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-probe-"));
    server = await serveListApis(LIST_APIS);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const api of LIST_APIS) {
    it(`${api.name}: the detected connector reads every record with no edit`, async () => {
      const probed = await initProbe(api, server.origin, dir);
      assert.equal(probed.code, 0, probed.stderr);
      assert.ok(!probed.stdout.includes(TOKEN) && !probed.stdout.includes(USER.password), "no credential printed");
      assert.match(probed.stdout, new RegExp(`\\n  pagination   ${FOUND_FROM[api.name]}: `), probed.stdout);
      assert.match(probed.stdout, /Confirmed by reading: 3 pages/);
      const read = await readAll(join(dir, slug(api)));
      assert.equal(read.code, 0, read.stderr);
      assert.deepEqual(read.keys, api.ids, `${api.name}: ${probed.stdout}`);
    });
  }
});
