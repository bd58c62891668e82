import { parse } from "yaml";
import { Fetch, type FetchInit } from "../../sdk/index.js";
import type { Sluice } from "../../core/sluice.js";
import { selectTransport } from "../../core/http/select-transport.js";
import { openApiConnector } from "../../core/init/openapi/openapi-connector.js";
import { readOpenApi } from "../../core/init/openapi/read-openapi.js";
import { testRead } from "../../core/test-read/test-read.js";
import { startMockApi, type MockApi } from "./mock-api.js";

/** What one document gave: read every record of every stream, or why not. */
export interface DocumentOutcome {
  id: string;
  /** `pass`: every stream read every record; `no-lists`: the mock found no list endpoint (not counted). */
  outcome: "pass" | "fail" | "no-lists";
  /** List endpoints the mock serves, and streams the generator made. */
  lists: number;
  streams: number;
  /** One line per stream that fell short, or the step that failed. */
  problems: string[];
}

/**
 * Generates a connector from one OpenAPI document as `sluice init --openapi` does (no `--url`, no
 * edit), starts a mock of the document's API ({@link startMockApi}) and reads every stream through a
 * transport that sends every origin to the mock, as a hosts file would. A stream passes when it read
 * every record the mock holds for each path it asked for, without an error; a document passes when it
 * made at least one stream and every stream passed.
 *
 * @example
 * const outcome = await measureDocument(sluice, "/cache/api/xkcd.com.json", "xkcd.com");
 */
export async function measureDocument(sluice: Sluice, file: string, id: string): Promise<DocumentOutcome> {
  const doc = await readOpenApi(file, "/").catch((error: Error) => error);
  if (doc instanceof Error) return { id, outcome: "fail", lists: 0, streams: 0, problems: [`read: ${firstLine(doc)}`] };
  const mock = await startMockApi(doc);
  try {
    if (!mock.lists.length) return { id, outcome: "no-lists", lists: 0, streams: 0, problems: [] };
    const made = (() => {
      try {
        const draft = openApiConnector(doc, { name: "measured" });
        const inputs = Object.keys(JSON.parse(draft.files["secrets/config.json"]!) as object);
        const values = Object.fromEntries(inputs.map((name) => [name, name === "base_url" ? "https://api.example.invalid" : `value-of-${name}`]));
        return { connector: openApiConnector(doc, { name: "measured", testingValues: values }), config: values };
      } catch (error) {
        return error as Error;
      }
    })();
    if (made instanceof Error) return { id, outcome: "fail", lists: mock.lists.length, streams: 0, problems: [`generate: ${firstLine(made)}`] };
    const { connector, config } = made;
    const names = connector.streams.map((s) => s.name);
    const read = await testRead(sluice, {
      manifest: parse(connector.files["manifest.yaml"]!),
      config,
      streams: names,
      limits: { pages: 1_000, slices: 5_000, records: 1_000_000, bodyChars: 64 },
      services: [[Fetch, toMock(mock)]],
    });
    const problems = read.streams.flatMap((stream) => streamProblems(stream, mock));
    if (mock.refusals.length) problems.push(`refused: ${mock.refusals[0]}${mock.refusals.length > 1 ? ` (and ${mock.refusals.length - 1} more)` : ""}`);
    return { id, outcome: problems.length || !names.length ? "fail" : "pass", lists: mock.lists.length, streams: names.length, problems };
  } catch (error) {
    return { id, outcome: "fail", lists: mock.lists.length, streams: 0, problems: [`read: ${firstLine(error as Error)}`] };
  } finally {
    await mock.close();
  }
}

/** A stream falls short when it failed, or read fewer or more records than the mock holds at the paths it asked for. */
function streamProblems(stream: Awaited<ReturnType<typeof testRead>>["streams"][number], mock: MockApi): string[] {
  if (stream.error) return [`${stream.name}: ${firstLine(new Error(stream.error))}`];
  const paths = new Set<string>();
  for (const slice of stream.slices) for (const page of slice.pages) if (page.request) paths.add(new URL(page.request.url).pathname);
  let expected = 0;
  for (const path of paths) expected += mock.listOf(path)?.total ?? 0;
  return stream.records === expected ? [] : [`${stream.name}: read ${stream.records} of ${expected} records (${paths.size} path${paths.size === 1 ? "" : "s"})`];
}

/** A transport that sends every request to the mock, keeping its path and query (the origin in `X-Mock-Origin`). */
function toMock(mock: MockApi): Fetch {
  const transport = selectTransport("node-fetch", { maxSockets: 16 });
  return (url: string, init: FetchInit) => {
    const target = new URL(url);
    return transport(`${mock.url}${target.pathname}${target.search}`, { ...init, headers: { ...init.headers, "X-Mock-Origin": target.origin } });
  };
}

function firstLine(error: Error): string {
  return error.message.split("\n")[0]!.slice(0, 300);
}
