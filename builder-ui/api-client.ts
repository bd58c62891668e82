import { textEdit } from "../pure/text-edit.js";
import type { ImportOpenApiRequest, ImportOpenApiResult, ToolAnswer, ToolListing } from "../core/builder/builder-api-types.js";
import type { AnalyzeResponse, ApiErrorBody, BuilderSession, BuilderTestRead, ConsentStart, ConsentStatus, DetectedSchemaView, DetectResponse, ManifestText } from "../core/builder/builder-api-types.js";

// The server's types, from their one declaration (core/builder/builder-api-types.ts, imported type-only:
// nothing of core/ is bundled into the page). The page's names for them:
export type { DetectedChange, FieldOrigin, Finding, SchemaDifference, SchemaTarget, TestReadExchange, TestReadPage, TestReadRequest, TestReadResponse, TestReadStream } from "../core/builder/builder-api-types.js";
/** `POST api/analyze`'s answer. */
export type Analysis = AnalyzeResponse;
/** `GET api/session`'s answer. */
export type Session = BuilderSession;
/** `POST api/test`'s answer: `sluice test-read --json`'s document, with each error's place in the text. */
export type TestReadResult = BuilderTestRead;
/** A test read's limits: pages per slice, slices, records (the product's "Maximum number of ..."). */
export interface ReadLimits {
  pages: number;
  slices: number;
  records: number;
}
/** `POST api/detect`'s answer. */
export type Detection = DetectResponse;
/** `POST api/detect-schema`'s answer. */
export type DetectedSchema = DetectedSchemaView;

/** An error the server answered with (a SluiceError's code and words). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The text of the last analysis and its id on the server: the next analysis sends an edit of it. */
let analysed: { id: string; text: string } | undefined;

/**
 * The server's analysis of a text. The page sends what changed since the last analysed text (a
 * keystroke in a 1.25 MB manifest: a few bytes instead of the manifest, which cost the page about
 * 110 ms to send); when the server no longer holds that text (BUILDER_TEXT_UNKNOWN), the whole text.
 */
async function analyze(text: string, fields: readonly string[], testingValues: Record<string, unknown>): Promise<Analysis> {
  const base = analysed;
  let answer: Analysis;
  try {
    answer = await call<Analysis>("POST", "api/analyze", base ? { edit: { base: base.id, ...textEdit(base.text, text) }, fields, testingValues } : { text, fields, testingValues });
  } catch (error) {
    if (!base || !(error instanceof ApiError && error.code === "BUILDER_TEXT_UNKNOWN")) throw error;
    analysed = undefined;
    answer = await call<Analysis>("POST", "api/analyze", { text, fields, testingValues });
  }
  analysed = { id: answer.textId, text };
  return answer;
}

/**
 * The page's calls to its server. URLs are relative to the page (`/<token>/`), so every call carries
 * the session token; the server refuses anything else.
 */
export const api = {
  session: () => call<Session>("GET", "api/session"),
  analyze,
  readManifest: () => call<ManifestText>("GET", "api/manifest"),
  saveManifest: (text: string, baseHash: string, overwrite = false) => call<ManifestText>("PUT", "api/manifest", { text, baseHash, overwrite }),
  saveTestingValues: (values: Record<string, unknown>) => call<{ saved: boolean }>("PUT", "api/testing-values", { values }),
  startConsent: (text: string) => call<ConsentStart>("POST", "api/oauth/consent", { text }),
  consentStatus: () => call<ConsentStatus>("GET", "api/oauth/consent"),
  /**
   * A test read of one stream with the testing values as the page holds them (nothing saved first);
   * aborting `signal` cancels it (the server aborts the read's requests in flight). A token the API
   * rotated comes back in the answer's `testingValues`, already saved.
   */
  test: (text: string, stream: string, options: { limits?: ReadLimits; state?: Record<string, unknown>; signal?: AbortSignal; testingValues: Record<string, unknown> }) =>
    call<TestReadResult>("POST", "api/test", { text, stream, ...options.limits, state: options.state, testingValues: options.testingValues }, options.signal),
  detectSchema: (text: string, stream: string, records: unknown[], dateTimeFormats: boolean) => call<DetectedSchema>("POST", "api/detect-schema", { text, stream, records, dateTimeFormats }),
  writeSchemaFile: (text: string, stream: string, schema: Record<string, unknown>) => call<{ file: string }>("PUT", "api/schema-file", { text, stream, schema }),
  /** Detect on one stream, with the testing values as the page holds them (a rotated token as {@link api.test}'s). */
  detect: (text: string, stream: string, testingValues: Record<string, unknown>) => call<Detection>("POST", "api/detect", { text, stream, testingValues }),
  /** Writes the manifest from an OpenAPI document (its text or URL); refused with BUILDER_IMPORT_REPLACES_STREAMS unless `replace`. */
  importOpenApi: (request: ImportOpenApiRequest) => call<ImportOpenApiResult>("POST", "api/import-openapi", request),
  /**
   * The tools `sluice mcp` gives agents, over the same service layer: listed with their input schemas,
   * called by name (`api.callTool("test_read_stream", { stream: "users" })`), answering JSON text.
   */
  tools: () => call<{ tools: ToolListing[] }>("GET", "api/tools"),
  callTool: (name: string, input: Record<string, unknown> = {}) => call<ToolAnswer>("POST", `api/tools/${encodeURIComponent(name)}`, input),
};

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { method, signal, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const value = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
  if (!response.ok) throw new ApiError(response.status, value.error?.code ?? "SYSTEM_ERROR", value.error?.message ?? `${method} ${path}: HTTP ${response.status}`);
  return value as T;
}
