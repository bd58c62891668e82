import { Fetch, type FetchInit } from "../../sdk/index.js";
import { createInterpolator } from "../../templates/index.js";
import type { Connector } from "../../core/connector/connector.js";
import type { Sluice } from "../../core/sluice.js";
import { classifyFailure, type FailureReason } from "./classify-failure.js";
import { MockApi, ORIGIN_HEADER } from "./mock/mock-api.js";
import { measureParentCache, type ConnectWith } from "./parent-cache-requests.js";

/** What reading one stream against the mock gave. */
export interface StreamResult {
  name: string;
  ok: boolean;
  records: number;
  requests: number;
  /** The highest page the mock served for the stream (2: pagination went on to a second page). */
  maxPage: number;
  reason?: FailureReason;
}

/** Bounds per stream, so the whole corpus reads in minutes. */
const LIMITS = { records: 25_000, requests: 30, ms: 15_000 };

/**
 * Reads every stream of a built connector through the real engine against a loopback mock derived from
 * the manifest. The connector is built with a transport that sends every request to the mock (keeping
 * path and query, the intended origin in a header), so `url_base`, token endpoints and next-page URLs
 * all land there. Each stream is read until the mock's pages run out or a bound is reached; a read error
 * is a failed stream, with its reason. `only` reads just those streams.
 *
 * @example
 * const streams = await readStreams(sluice, definition, manifest, config);
 * streams.filter((s) => s.ok).length
 */
export async function readStreams(
  sluice: Sluice,
  connect: ConnectWith,
  manifest: Record<string, unknown>,
  config: Record<string, unknown>,
  only?: ReadonlySet<string>,
): Promise<StreamResult[]> {
  const api = await MockApi.start(manifest, config, createInterpolator());
  try {
    const connector = await connect(fetchToMock(sluice, api));
    const results: StreamResult[] = [];
    for (const name of connector.streamNames) if (!only || only.has(name)) results.push(await readOne(connector, api, name));
    // `--parent-cache FILE`: the first read of a manifest also measures the requests the parent cache saves.
    const measure = process.env.SLUICE_CORPUS_PARENT_CACHE;
    if (measure && !only) await measureParentCache(sluice, connect, api, manifest, measure);
    return results;
  } finally {
    await api.close();
  }
}

/**
 * A transport that sends every request to the mock, keeping path and query (the intended origin in a header).
 *
 * @example
 * const connector = await connect(fetchToMock(sluice, api));
 */
export function fetchToMock(sluice: Sluice, api: MockApi): Fetch {
  const real = sluice.services.get(Fetch);
  return (url: string, init: FetchInit) => {
    // A URL that is not absolute goes to the real transport as it is: its error is the engine's to report.
    if (!URL.canParse(url)) return real(url, init);
    const target = new URL(url);
    return real(`${api.origin}${target.pathname}${target.search}`, { ...init, headers: { ...init.headers, [ORIGIN_HEADER]: target.origin } });
  };
}

async function readOne(connector: Connector, api: MockApi, name: string): Promise<StreamResult> {
  api.current = name;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.ms);
  let records = 0;
  let reason: FailureReason | undefined;
  try {
    for await (const _record of connector.read(name, { signal: controller.signal })) {
      records++;
      if (records >= LIMITS.records || (api.traffic.get(name)?.requests ?? 0) >= LIMITS.requests) break;
    }
  } catch (error) {
    reason = controller.signal.aborted ? { code: "CORPUS_TIMEOUT", feature: `CORPUS_TIMEOUT: no end within ${LIMITS.ms} ms`, detail: String(error) } : classifyFailure(error)[0];
  } finally {
    clearTimeout(timer);
  }
  const traffic = api.traffic.get(name) ?? { requests: 0, maxPage: 0 };
  return { name, ok: reason === undefined, records, requests: traffic.requests, maxPage: traffic.maxPage, reason };
}
