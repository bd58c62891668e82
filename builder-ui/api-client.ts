import type { DetectedSchema } from "./model/detected-schema.js";
import type { Segment } from "./model/manifest-model.js";
import type { TestReadResult } from "./model/test-read.js";

/** One problem the validator found (core/validate/validate-connector.ts's Finding, as JSON). */
export interface Finding {
  severity: "error" | "warning";
  code: string;
  line?: number;
  column?: number;
  path: string;
  usedAt?: string;
  message: string;
  expected?: string;
  found?: string;
}

/** Where a field's value is written (core/manifest/field-origin.ts). */
export interface FieldOrigin {
  via: "self" | "$ref" | "$parameters" | "absent";
  sourcePath: string;
  segments: Segment[];
  line?: number;
}

export interface Analysis {
  findings: Finding[];
  streams: string[];
  spec: Record<string, unknown> | null;
  fields: Record<string, { value: unknown; origin: FieldOrigin }>;
  /** Each custom `class_name` with whether its module is in the connector folder (core/builder/custom-class-files.ts). */
  customClasses?: Record<string, { file?: string; tried: string[]; problem?: string }>;
}

export interface Session {
  dir: string;
  manifestFile: string;
  configFile: string;
  manifest: { text: string; hash: string };
  testingValues: Record<string, unknown>;
  componentFields: Record<string, string[]>;
  created: string[];
}

export type { TestReadResult } from "./model/test-read.js";

/** What Detect found for a stream (core/probe/detect-stream.ts's StreamDetection, as JSON). */
export interface Detection {
  stream: string;
  request: { method: string; url: string; status: number };
  changes: Array<{ field: string; path: string; segments: Segment[]; old: unknown; value: unknown; evidence: string }>;
  confirmation?: { text: string };
  rejected: string[];
  undecided: string[];
}

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

/**
 * The page's calls to its server. URLs are relative to the page (`/<token>/`), so every call carries
 * the session token; the server refuses anything else.
 */
export const api = {
  session: () => call<Session>("GET", "api/session"),
  analyze: (text: string, fields: readonly string[], testingValues: Record<string, unknown>) => call<Analysis>("POST", "api/analyze", { text, fields, testingValues }),
  readManifest: () => call<{ text: string; hash: string }>("GET", "api/manifest"),
  saveManifest: (text: string, baseHash: string, overwrite = false) => call<{ text: string; hash: string }>("PUT", "api/manifest", { text, baseHash, overwrite }),
  saveTestingValues: (values: Record<string, unknown>) => call<{ saved: boolean }>("PUT", "api/testing-values", { values }),
  startConsent: (text: string) => call<{ url: string; redirectUri: string }>("POST", "api/oauth/consent", { text }),
  consentStatus: () => call<{ state: "idle" | "waiting" | "done" | "failed"; written?: string[]; code?: string; message?: string }>("GET", "api/oauth/consent"),
  /** A test read of one stream; aborting `signal` cancels it (the server aborts the read's requests in flight). */
  test: (text: string, stream: string, options: { pages?: number; signal?: AbortSignal } = {}) => call<TestReadResult>("POST", "api/test", { text, stream, pages: options.pages }, options.signal),
  detectSchema: (text: string, stream: string, records: unknown[], dateTimeFormats: boolean) => call<DetectedSchema>("POST", "api/detect-schema", { text, stream, records, dateTimeFormats }),
  writeSchemaFile: (text: string, stream: string, schema: Record<string, unknown>) => call<{ file: string }>("PUT", "api/schema-file", { text, stream, schema }),
  detect: (text: string, stream: string) => call<Detection>("POST", "api/detect", { text, stream }),
};

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { method, signal, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const value = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!response.ok) throw new ApiError(response.status, value.error?.code ?? "SYSTEM_ERROR", value.error?.message ?? `${method} ${path}: HTTP ${response.status}`);
  return value as T;
}
