import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { runCli } from "../../support/run-cli.js";
import { airtable, graphql, jira, notion, slack, stripe } from "./list-apis/cursor-apis.js";
import { github, hubspot, microsoftGraph, salesforce, shopify, zendesk } from "./list-apis/link-apis.js";
import { serveListApis, slug, TOKEN, USER, type ListApi } from "./list-apis/list-api.js";

/** The twelve list endpoints, shaped as their APIs document them (test/core/probe/list-apis/). */
export const LIST_APIS: readonly ListApi[] = [github, stripe, shopify, slack, hubspot, salesforce, zendesk, jira, notion, airtable, microsoftGraph, graphql];

/** Runs `sluice init NAME --probe URL` for one API, credentials from the environment as a user gives them. */
export async function initProbe(api: ListApi, origin: string, dir: string) {
  const flags = api.probe.method ? ["--method", api.probe.method, ...(api.probe.body ? ["--body", JSON.stringify(api.probe.body)] : [])] : [];
  const env = api.auth === "bearer" ? { SLUICE_API_KEY: TOKEN } : { SLUICE_USERNAME: USER.username, SLUICE_PASSWORD: USER.password };
  return runCli(["init", slug(api), "--probe", `${origin}/${slug(api)}${api.probe.path}`, "--auth", api.auth, ...flags], dir, { env });
}

/** The primary keys of every RECORD a whole `sluice read` of the folder's connector printed. */
async function readAll(folder: string): Promise<{ code: number; stderr: string; keys: string[] }> {
  const manifest = parse(readFileSync(join(folder, "manifest.yaml"), "utf8")) as { streams: Array<{ primary_key?: string }> };
  const key = manifest.streams[0]?.primary_key;
  const { code, stdout, stderr } = await runCli(["read", "--config", "secrets/config.json"], folder);
  const records = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type: string; record?: { data: Record<string, unknown> } }).filter((m) => m.type === "RECORD");
  return { code, stderr, keys: records.map((m) => String(key ? m.record!.data[key] : JSON.stringify(m.record!.data))) };
}

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
      const read = await readAll(join(dir, slug(api)));
      assert.equal(read.code, 0, read.stderr);
      assert.deepEqual(read.keys, api.ids, `${api.name}: ${probed.stdout}`);
    });
  }
});
