/**
 * The Builder's API as JSON, declared once: what each route of core/builder/builder-server.ts takes and
 * answers. The server's code is written against these types, and the page (builder-ui/api-client.ts)
 * imports them type-only, so the two cannot drift (ARCHITECTURE.md: the one thing builder-ui may import
 * from core/, checked by test/architecture.test.ts). Types only, and so is everything it reaches: no
 * node module, no `sdk/index.ts`, so the page's type check (a browser's libraries) reads them as they are.
 *
 * @example
 * // builder-ui/api-client.ts, type-only: `import type { AnalyzeResponse } ...` from this module
 * const analysis = (await (await fetch("api/analyze", { method: "POST", ... })).json()) as AnalyzeResponse;
 */
import type { TextEdit } from "../../pure/text-edit.js";
import type { ConnectorConfig } from "../../sdk/services/config-store.js";
import type { FieldOrigin } from "../manifest/field-origin.js";
import type { StreamDetection } from "../probe/stream-detection.js";
import type { SchemaDifference } from "../schema/schema-differences.js";
import type { TestReadDocument } from "../test-read/test-read-document.js";
import type { Finding } from "../validate/finding.js";

export type { DetectedChange } from "../probe/stream-detection.js";
export type { TestReadExchange, TestReadLog, TestReadPage, TestReadRequest, TestReadResponse, TestReadSlice, TestReadStream } from "../test-read/test-read-document.js";
export type { FieldOrigin, Finding, SchemaDifference };

/**
 * A component's JSON Schema as the page's forms read it: its properties (each a JSON Schema: `type`,
 * `enum`, `default`, `items`, an `anyOf` of components by `$ref`), which are required, its description.
 *
 * @example
 * { type: "object", required: ["class_name"], properties: { class_name: { type: "string" } } }
 */
export interface ComponentSchema {
  type?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, PropertySchema>;
}

/** One property's JSON Schema, as far as the forms read it. */
export interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  items?: PropertySchema;
  anyOf?: PropertySchema[];
  allOf?: PropertySchema[];
  $ref?: string;
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

/** The manifest's text as read, with the hash a later save compares against the disk. `GET`/`PUT api/manifest`. */
export interface ManifestText {
  text: string;
  /** sha256 of the file's bytes when it was read. */
  hash: string;
}

/** What the page gets when it opens. `GET api/session`. */
export interface BuilderSession {
  dir: string;
  manifestFile: string;
  configFile: string;
  manifest: ManifestText;
  testingValues: ConnectorConfig;
  /** The registered component types and each one's fields (the manifest schema's), for the YAML editor's completion. */
  componentFields: Record<string, string[]>;
  /**
   * Each registered component type's JSON Schema (the manifest schema's `definitions`, from the TypeBox
   * schema the component declares): what the page's forms are drawn from (builder-ui/forms/).
   */
  componentSchemas: Record<string, ComponentSchema>;
  /** Files the server scaffolded because the folder had no manifest. */
  created: string[];
}

/** One field the page shows: its resolved value and where it is written. */
export interface FieldView {
  value: unknown;
  origin: FieldOrigin;
}

/** Whether a custom `class_name`'s module is in the connector folder (core/builder/custom-class-files.ts). */
export interface CustomClassFile {
  /** The module found, relative to the folder. */
  file?: string;
  /** `python` for a `.py` module (the class runs in Sluice's Python child), else `typescript` (TypeScript or JavaScript). */
  language?: "python" | "typescript";
  /** The candidates looked at (all of them when none exists). */
  tried: string[];
  /** Why it was not found or refused. */
  problem?: string;
}

/** What the page asks while the author types. `POST api/analyze`. */
export interface AnalyzeRequest {
  /** The manifest's text (or, instead, `edit`). */
  text?: string;
  /**
   * Instead of `text`: the text of a recent answer (its `textId`) with one stretch replaced, what the page
   * sends as the author types (a keystroke in a 1.25 MB manifest sends a few bytes, not the manifest).
   */
  edit?: TextEdit & { base: string };
  /** Resolved-manifest paths; `streams[*]` stands for every stream. */
  fields?: string[];
  /** The testing values as typed, checked against the spec. */
  testingValues?: ConnectorConfig;
}

/** The validator's findings, the streams, the spec and the fields the page shows. */
export interface AnalyzeResponse {
  findings: Finding[];
  /** The resolved streams' names (empty when the manifest does not resolve). */
  streams: string[];
  /** `spec.connection_specification`, from which the testing-values panel is generated. */
  spec: Record<string, unknown> | null;
  fields: Record<string, FieldView>;
  /** Each custom `class_name` with whether its module is in the folder. */
  customClasses: Record<string, CustomClassFile>;
  /** The analysed text's id, for an `edit` of it in the next request (the server keeps the last few). */
  textId: string;
}

/**
 * A test read as the page gets it (`POST api/test`): the test-read document, each failed stream's error
 * with the place in the text it points at, and the testing values when the API rotated a token during
 * the read (already saved to `secrets/config.json`; the page adopts them).
 */
export interface BuilderTestRead extends TestReadDocument {
  streams: Array<TestReadDocument["streams"][number] & { error_origin?: FieldOrigin }>;
  testingValues?: ConnectorConfig;
}

/**
 * What `POST api/test` and `POST api/detect` take: the page's manifest text, the stream, and the testing
 * values as the page holds them (no save and re-read before a read).
 *
 * @example
 * { "text": "version: 6.0.0\n...", "stream": "users", "pages": 5, "testingValues": { "api_key": "..." } }
 */
export interface StreamReadRequest {
  text: string;
  stream: string;
  /** `POST api/test` only: the pages per slice to read. */
  pages?: number;
  testingValues?: ConnectorConfig;
}

/**
 * Where accepting the detected schema writes it: into the manifest at `segments` (the page writes
 * `value` there, `wrap` saying whether `value` is a whole `InlineSchemaLoader` or just its `schema`),
 * or into the stream's schema file (`file`, relative to the connector folder; the server writes it).
 */
export type SchemaTarget = { kind: "inline"; segments: Array<string | number>; sourcePath: string; wrap: boolean } | { kind: "file"; file: string } | { kind: "none"; reason: string };

/** The detected schema beside the declared one. `POST api/detect-schema`. */
export interface DetectedSchemaView {
  inferred: Record<string, unknown> | null;
  /** The declared schema (`null` when the stream declares none or it cannot be read here). */
  declared: Record<string, unknown> | null;
  /** How it is declared: `inline`, `file` (with `file`), `none`, `other`. */
  declaredIn: { kind: string; file?: string };
  differences: SchemaDifference[];
  target: SchemaTarget;
}

/** What Detect found for a stream, without the config it read with (`POST api/detect`); `testingValues` as a test read's. */
export type DetectResponse = Omit<StreamDetection, "config"> & { testingValues?: ConnectorConfig };

/** The consent's URL to open and the redirect it waits on. `POST api/oauth/consent`. */
export interface ConsentStart {
  url: string;
  redirectUri: string;
}

/** Where the page's consent stands (`GET api/oauth/consent`). `written`: the testing values the tokens went to (paths, never values). */
export interface ConsentStatus {
  state: "idle" | "waiting" | "done" | "failed";
  written?: string[];
  code?: string;
  message?: string;
}

/** Every refusal and failure the server answers (a SluiceError's code and words), with a 4xx or 5xx status. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** What an OpenAPI import is given: the document (a URL, a file in the folder, or its text) and init's options. */
export interface ImportOpenApiRequest {
  /** An `http(s)://` URL (fetched once), or a file's path inside the connector folder. */
  source?: string;
  /** The document itself (the page's upload); `source` then only names it. */
  text?: string;
  /** The base URL, instead of the document's `servers`. */
  url?: string;
  /** The list endpoints to keep, by stream name (default all). */
  streams?: string[];
  /** Replace a manifest that already has streams (else refused with `BUILDER_IMPORT_REPLACES_STREAMS`). */
  replace?: boolean;
}

/** What the import wrote, and every guess with its evidence. */
export interface ImportOpenApiResult {
  manifest: ManifestText;
  streams: string[];
  /** The generator's report: each stream's records path, primary key, pagination and authentication, with the names they rest on. */
  report: string[];
  /** The testing values the connector needs (added empty to `secrets/config.json` where missing; never their values). */
  inputs: string[];
}

/** A tool as a client lists it: its name, what it does, and its input's JSON Schema. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A call's answer: JSON text, every known secret masked; `isError` with the error's description when it failed. */
export interface ToolAnswer {
  text: string;
  isError: boolean;
}
