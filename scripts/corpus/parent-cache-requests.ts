import { appendFile } from "node:fs/promises";
import type { Connector } from "../../core/connector/connector.js";
import { HttpOptionsToken } from "../../core/http/http-options.js";
import type { Sluice } from "../../core/sluice.js";
import type { Fetch, ServiceToken } from "../../sdk/index.js";
import { fetchToMock } from "./read-streams.js";
import type { MockApi } from "./mock/mock-api.js";

/** Bounds of one measured read: a read past them is reported as incomplete (its counts are not compared). */
const BOUNDS = { requests: 3_000, ms: 20_000 };

/** How to build the connector with a transport and extra services. */
export type ConnectWith = (fetch: Fetch, services?: Array<readonly [ServiceToken<unknown>, unknown]>) => Promise<Connector>;

/**
 * The requests the parent-stream response cache saves on one manifest: its streams with a
 * `SubstreamPartitionRouter` are read in one `readAll` (as a sync reads them), once with the cache and
 * once without (`http.responseCacheBytes: 0`), against the same mock; each run's requests and records are
 * appended as one JSON line to `file`. Run by `npm run corpus -- --parent-cache FILE`.
 *
 * @example
 * await measureParentCache(sluice, connect, api, manifest, "/tmp/parent-cache.jsonl");
 */
export async function measureParentCache(sluice: Sluice, connect: ConnectWith, api: MockApi, manifest: Record<string, unknown>, file: string): Promise<void> {
  const streams = ((manifest.streams as Array<Record<string, unknown>> | undefined) ?? []).filter((s) => JSON.stringify(s).includes("SubstreamPartitionRouter")).map((s) => String(s.name));
  if (streams.length === 0) return;
  const cached = await syncRequests(sluice, connect, api, streams, true);
  const uncached = await syncRequests(sluice, connect, api, streams, false);
  await appendFile(file, `${JSON.stringify({ streams, cached, uncached })}\n`);
}

async function syncRequests(sluice: Sluice, connect: ConnectWith, api: MockApi, streams: string[], cache: boolean): Promise<{ requests: number; records: number; complete: boolean; error?: string }> {
  let requests = 0;
  const toMock = fetchToMock(sluice, api);
  const counting: Fetch = (url, init) => {
    requests++;
    if (requests > BOUNDS.requests) controller.abort();
    return toMock(url, init);
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), BOUNDS.ms);
  let records = 0;
  try {
    const options = { ...sluice.services.get(HttpOptionsToken), ...(cache ? {} : { responseCacheBytes: 0 }) };
    const connector = await connect(counting, [[HttpOptionsToken, options]]);
    for await (const message of connector.readAll({ streams, concurrency: 1, signal: controller.signal })) if (message.type === "record") records++;
    return { requests, records, complete: !controller.signal.aborted };
  } catch (error) {
    return { requests, records, complete: false, error: String(error).slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}
