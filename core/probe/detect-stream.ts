import { setPath, valueAtPath } from "../../python/index.js";
import { MemoryConfigStore, SluiceError, type ConfigStore, type ConnectorConfig } from "../../sdk/index.js";
import { fieldOrigin } from "../manifest/field-origin.js";
import { joinPath } from "../../pure/manifest-path.js";
import { SourcePositions } from "../manifest/source-positions.js";
import type { Sluice } from "../sluice.js";
import { testRead } from "../test-read/test-read.js";
import type { TestReadStream } from "../test-read/test-read-document.js";
import { confirmPaginator, type Confirmation } from "./confirm-paginator.js";
import type { JsonObject } from "../../pure/json-object.js";
import type { ProbeResponse } from "./probe-response.js";
import { proposeStream } from "./stream-proposal.js";
import type { DetectedChange, StreamDetection } from "./stream-detection.js";

export type { DetectedChange, StreamDetection } from "./stream-detection.js";

/** Which stream of which manifest to detect, read with which config. */
interface DetectStreamInput {
  /** The manifest as written: where each field is written is found in it. */
  text: string;
  /** The same manifest, parsed. */
  manifest: JsonObject;
  /** The stream's index in `streams`. */
  stream: number;
  /** Its name, when the written stream does not say it (a `$ref`); default the written `name`. */
  streamName?: string;
  config: ConnectorConfig;
  /**
   * Where a credential the API rotates is kept between the reads (the Builder's secrets/config.json);
   * default one store in memory for all of them, so a single-use refresh token is spent only once.
   */
  configStore?: ConfigStore;
  configFile?: string;
  /** The connector's folder (custom components, relative paths). */
  searchFrom?: string;
  /** Pages read to confirm a paginator (default 3). */
  pages?: number;
}

const LIMITS = { pages: 1, slices: 1, records: 100_000, bodyChars: 8_000_000 };

/**
 * Detects a stream's record path, primary key and pagination from its first response, then proves the
 * pagination by reading: each candidate paginator (several when a parameter name had to be guessed)
 * is test-read for a few pages, and the first that reads pages of new records is kept. The first
 * request is the stream's own (its authenticator, its testing values), sent with no paginator and the
 * whole body as the record. Nothing is written: the changes are for the caller to apply (`sluice init
 * --probe` writes them into the new manifest, the Builder shows them and applies them when accepted).
 *
 * @example
 * const detection = await detectStream(sluice, { text, manifest, stream: 0, config });
 * detection.changes.map((c) => c.field); // ["record path", "primary key", "paginator"]
 */
export async function detectStream(sluice: Sluice, input: DetectStreamInput): Promise<StreamDetection> {
  const streams = Array.isArray(input.manifest.streams) ? (input.manifest.streams as JsonObject[]) : [];
  const name = input.streamName ?? String(streams[input.stream]?.name ?? "");
  const positions = SourcePositions.parse(input.text);
  const place = (path: string) => ({ path, segments: fieldOrigin(positions, path).segments });
  const at = `streams[${input.stream}]`;
  const places = {
    paginator: place(`${at}.retriever.paginator`),
    recordPath: place(`${at}.retriever.record_selector.extractor.field_path`),
    primaryKey: place(`${at}.primary_key`),
  };
  const configStore = input.configStore ?? new MemoryConfigStore(structuredClone(input.config));
  const read = (manifest: JsonObject, pages: number) =>
    testRead(sluice, { manifest, searchFrom: input.searchFrom, configStore, configFile: input.configFile, streams: [name], limits: { ...LIMITS, pages } });

  const probe = edited(input.manifest, [[places.paginator.segments, { type: "NoPagination" }], [places.recordPath.segments, []]]);
  const first = (await read(probe, 1)).streams[0];
  const response = probeResponse(name, first);
  const proposal = proposeStream(response);
  const changes: DetectedChange[] = [];
  const change = (field: DetectedChange["field"], where: { path: string; segments: Array<string | number> }, value: unknown, evidence: string) =>
    changes.push({ field, ...where, old: valueAtPath(input.manifest, where.segments), value, evidence });
  if (proposal.recordPath) change("record path", places.recordPath, proposal.recordPath.value, proposal.recordPath.evidence);
  if (proposal.primaryKey) change("primary key", places.primaryKey, proposal.primaryKey.value, proposal.primaryKey.evidence);
  const base = edited(input.manifest, changes.map((c) => [c.segments, c.value]));

  const undecided = [...proposal.undecided];
  const rejected: string[] = [];
  let confirmation: Confirmation | undefined;
  for (const candidate of proposal.pagination?.candidates ?? []) {
    // A parameter written by hand where the paginator puts its token is removed (the request would set it twice).
    const written = writtenTokenParameter(input.manifest, positions, at, candidate.paginator);
    const paginated = edited(base, [[places.paginator.segments, candidate.paginator]]);
    const trial = written ? without(paginated, written.segments) : paginated;
    const result = confirmPaginator((await read(trial, input.pages ?? 3)).streams[0], proposal.primaryKey?.value);
    if (result.confirmed) {
      confirmation = { ...result, text: candidate.assumption ? `${result.text}; ${candidate.assumption}` : result.text };
      change("paginator", places.paginator, candidate.paginator, proposal.pagination!.evidence);
      if (written) changes.push({ ...written, value: undefined });
      break;
    }
    rejected.push(`${candidate.assumption ?? proposal.pagination!.kind}: ${result.text}`);
  }
  if (proposal.pagination && proposal.pagination.candidates.length > 0 && !confirmation) {
    undecided.push(`the pagination: ${proposal.pagination.evidence}, but no paginator tried read a second page of new records`);
  }
  return { stream: name, config: configStore.current(), request: { method: response.request.method, url: response.request.url, status: response.status }, proposal, changes, confirmation, rejected, undecided };
}

/** Where each injection target is written by hand in a requester. */
const WRITTEN_OPTIONS: Record<string, string> = { request_parameter: "request_parameters", header: "request_headers", body_json: "request_body_json", body_data: "request_body_data" };

/**
 * The parameter the stream's requester writes by hand under the name the paginator's `page_token_option`
 * sets (`page: "1"` in `request_parameters` beside a page-number paginator injecting `page`): kept, the
 * second page's request would set it twice (REQUEST_COLLISION) or send the hand-written value on every page.
 */
function writtenTokenParameter(manifest: JsonObject, positions: SourcePositions, stream: string, paginator: unknown): Omit<DetectedChange, "value"> | undefined {
  const option = (paginator as { page_token_option?: { inject_into?: unknown; field_name?: unknown } } | undefined)?.page_token_option;
  const key = typeof option?.inject_into === "string" ? WRITTEN_OPTIONS[option.inject_into] : undefined;
  if (!key || typeof option?.field_name !== "string") return undefined;
  const path = joinPath(`${stream}.retriever.requester.${key}`, option.field_name);
  const origin = fieldOrigin(positions, path);
  if (origin.via === "absent" || origin.via === "$parameters") return undefined;
  const old = valueAtPath(manifest, origin.segments);
  return {
    field: "request parameter",
    path,
    segments: origin.segments,
    old,
    evidence: `${option.field_name} is written by hand at ${origin.sourcePath}${origin.via === "$ref" ? " (a shared definition: every stream using it loses it)" : ""}, and the paginator sets ${option.field_name} on each next page: removed, else the second page's request would set it twice`,
  };
}

/** A copy of the manifest without the key at a written place. */
function without(manifest: JsonObject, segments: ReadonlyArray<string | number>): JsonObject {
  const copy = structuredClone(manifest);
  const parent = valueAtPath(copy, segments.slice(0, -1));
  if (typeof parent === "object" && parent !== null) delete (parent as Record<string | number, unknown>)[segments.at(-1)!];
  return copy;
}

/** A copy of the manifest with values set at written places. */
function edited(manifest: JsonObject, values: ReadonlyArray<readonly [Array<string | number>, unknown]>): JsonObject {
  const copy = structuredClone(manifest);
  for (const [segments, value] of values) setPath(copy, segments, structuredClone(value));
  return copy;
}

/** The first page's exchange as the detectors read it; a failed or non-JSON answer is an error naming it. */
function probeResponse(stream: string, read: TestReadStream | undefined): ProbeResponse {
  const page = read?.slices[0]?.pages[0];
  const where = page?.request ? `${page.request.method} ${page.request.url}` : `the stream ${stream}'s first request`;
  if (!page?.request || !page.response) {
    throw new SluiceError("PROBE_REQUEST_FAILED", `The first request of ${stream} got no answer to detect from`, { failureType: "config_error", expected: "a JSON answer", found: read?.error?.split("\n")[0] ?? "no request was sent", where: { stream } });
  }
  let body: unknown;
  try {
    body = JSON.parse(page.response.body);
  } catch {
    // A redirect Sluice refused (to another origin: credentials go only where the probe was aimed) left its
    // 3xx as the page's answer: the read's error says why, which "not JSON" would hide.
    if (read?.error) {
      const reason = read.error.split("\n")[0]!;
      const redirect = page.response.status >= 300 && page.response.status < 400;
      throw new SluiceError("PROBE_REQUEST_FAILED", `${where} answered ${page.response.status}${redirect ? ", a redirect Sluice refused" : ""}: ${reason}`, { failureType: "config_error", expected: redirect ? "a JSON answer from the probed origin (probe the URL the API redirects to, if it is the API's own)" : "a successful answer", found: reason, where: { stream } });
    }
    throw new SluiceError("PROBE_REQUEST_FAILED", `${where} answered ${page.response.status} with a body that is not JSON`, {
      failureType: "config_error",
      expected: "a JSON body (the detection reads JSON)",
      found: JSON.stringify(page.response.body.slice(0, 80)),
      where: { stream },
    });
  }
  if (read?.error) throw new SluiceError("PROBE_REQUEST_FAILED", `${where} failed`, { failureType: "config_error", expected: "a successful answer", found: read.error.split("\n")[0], where: { stream } });
  const headers = Object.fromEntries(Object.entries(page.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
  let requestBody: unknown = null;
  try {
    requestBody = page.request.body ? JSON.parse(page.request.body) : null;
  } catch {
    requestBody = page.request.body;
  }
  return { request: { method: page.request.method, url: page.request.url, body: requestBody }, status: page.response.status, headers, body };
}
