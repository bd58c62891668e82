/**
 * The author tools run a stream whose extractor is a Python class in the connector's `components.py`:
 * `sluice test-read` (a real process, its text and its --json document) and the Builder's server (its
 * HTTP API's test read). Both show the records and the pages, and neither prints the API key, not even
 * the one the component itself prints.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import type { TestReadDocument } from "../../../core/test-read/test-read-document.js";
import { basePath, send } from "../../core/builder/builder-support.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { BIN } from "../../support/run-sluice.js";
import { pythonConnector } from "./python-connector.js";

const KEY = "sk-live-py-author-7f3a9c1e";

const COMPONENTS = `
from dataclasses import dataclass
from typing import Any, Mapping

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


@dataclass
class EnvelopeRows(RecordExtractor):
    config: Mapping[str, Any]
    parameters: Any = None

    def extract_records(self, response):
        print(f"extracting with key {self.config['api_key']}")
        return [dict(row, page=response.json()["page"]) for row in response.json()["envelope"]["rows"]]
`;

/** One stream, `items`, two pages; its extractor is the Python class EnvelopeRows. */
function manifest(url: string): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    spec: { type: "Spec", connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } },
    streams: [{
      type: "DeclarativeStream",
      name: "items",
      primary_key: "id",
      retriever: {
        type: "SimpleRetriever",
        requester: {
          type: "HttpRequester", url_base: url, path: "/items", http_method: "GET",
          authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
        },
        record_selector: { type: "RecordSelector", extractor: { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.EnvelopeRows" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ response.next is none }}" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
        },
      },
    }],
  };
}

/** Runs `sluice test-read` (its output is text or one indented JSON document, not protocol messages). */
function testRead(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "test-read", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

const ROWS = ["row-1-a", "row-1-b", "row-2-a", "row-2-b"];

describe("author tools with a Python extractor", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    api = await startLoopback((req) => {
      if (req.headers["x-api-key"] !== KEY) return { status: 401, body: { error: "bad key" } };
      const page = Number(req.url.searchParams.get("page") ?? 1);
      return { body: { page, envelope: { rows: [{ id: `row-${page}-a` }, { id: `row-${page}-b` }] }, next: page < 2 ? page + 1 : null } };
    });
    dir = await pythonConnector(COMPONENTS, { "manifest.json": JSON.stringify(manifest(api.url)), "secrets/config.json": JSON.stringify({ api_key: KEY }) });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("sluice test-read shows the Python extractor's records and both pages, never the key", async () => {
    const args = ["--manifest", "manifest.json", "--config", "secrets/config.json", "--stream", "items"];
    const text = await testRead(args, dir.dir);
    assert.equal(text.code, 0, text.stderr + text.stdout);
    for (const id of ROWS) assert.ok(text.stdout.includes(id), `${id} not shown:\n${text.stdout}`);
    assert.ok(text.stdout.includes("page=2"), `the second page's request is not shown:\n${text.stdout}`);
    assert.ok(!(text.stdout + text.stderr).includes(KEY), "the API key was printed");

    const json = await testRead([...args, "--json"], dir.dir);
    assert.equal(json.code, 0, json.stderr);
    assert.ok(!(json.stdout + json.stderr).includes(KEY), "the API key was printed in --json");
    const document = JSON.parse(json.stdout) as TestReadDocument;
    const stream = document.streams[0]!;
    assert.equal(stream.error, undefined);
    assert.equal(stream.records, 4);
    const pages = stream.slices.flatMap((slice) => slice.pages);
    assert.equal(pages.length, 2);
    assert.deepEqual(pages.flatMap((page) => page.records.map((r) => [r.id, r.page])), [["row-1-a", 1], ["row-1-b", 1], ["row-2-a", 2], ["row-2-b", 2]]);
  });

  it("the Builder's server test-reads the stream through the Python class, never returning the key", async () => {
    const builder: RunningBuilder = await startBuilder(createSluice({ logLevel: "error" }), { dir: dir.dir });
    try {
      const base = basePath(builder.url);
      assert.equal((await send(builder.port, "PUT", `${base}api/testing-values`, { body: { values: { api_key: KEY } } })).status, 200);
      const answer = await send(builder.port, "POST", `${base}api/test`, { body: { text: JSON.stringify(manifest(api.url)), stream: "items" } });
      assert.equal(answer.status, 200, answer.body);
      assert.ok(!answer.body.includes(KEY), "the Builder returned the API key");
      const document = answer.json<TestReadDocument>();
      const stream = document.streams[0]!;
      assert.equal(stream.error, undefined, stream.error);
      assert.equal(stream.records, 4);
      const pages = stream.slices.flatMap((slice) => slice.pages);
      assert.deepEqual(pages.map((page) => page.records.map((r) => r.id)), [ROWS.slice(0, 2), ROWS.slice(2)]);
    } finally {
      await builder.close();
    }
  });
});
