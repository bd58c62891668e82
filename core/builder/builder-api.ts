import { existsSync } from "node:fs";
import { importOpenApi, type ImportOpenApiRequest, type ImportOpenApiResult } from "./import-openapi.js";
import { readFile } from "node:fs/promises";
import { CustomCodeLoader, MemoryConfigStore, Secrets, SluiceError, type ConfigStore, type ConnectorConfig } from "../../sdk/index.js";
import { FileConfigStore } from "../config/file-config-store.js";
import { secretFieldNames, secretValues } from "../config/validate-config.js";
import { manifestJsonSchema } from "../manifest/manifest-json-schema.js";
import { splitPath } from "../../pure/manifest-path.js";
import { valueAtPath } from "../../python/dpath.js";
import { expandFieldPattern } from "./expand-field-pattern.js";
import { parseManifestText } from "../manifest/parse-manifest-text.js";
import { IncrementalManifestParser } from "../manifest/incremental-manifest-parser.js";
import { SourcePositions } from "../manifest/source-positions.js";
import { detectStream } from "../probe/detect-stream.js";
import { createSluice, type Sluice } from "../sluice.js";
import { DEFAULT_TEST_READ_LIMITS, testRead } from "../test-read/test-read.js";
import type { TestReadDocument } from "../test-read/test-read-document.js";
import { validateConnector } from "../validate/validate-connector.js";
import type { AnalyzeRequest, AnalyzeResponse, BuilderSession, ComponentSchema, BuilderTestRead, DetectedSchemaView, DetectResponse, ManifestText } from "./builder-api-types.js";
import type { BuilderFolder } from "./builder-folder.js";
import { customClassFiles } from "./custom-class-files.js";
import { lenientManifest } from "./manifest-secret-guard.js";
import { detectedSchema, writeSchemaFile } from "./builder-schema.js";
import { fieldOrigin } from "../manifest/field-origin.js";
import { RecentTexts } from "./recent-texts.js";
import { RotatedValues } from "./rotated-values.js";
import { templateSyntaxFindings } from "./template-findings.js";
import { isJsonObject } from "../../pure/json-object.js";

export type { AnalyzeRequest, AnalyzeResponse, BuilderSession, BuilderTestRead, FieldView } from "./builder-api-types.js";

/**
 * The Builder's server side: each request is a call into the library (validate, inspect, test read)
 * or the connector folder. No rule lives here that the library does not hold: a finding is
 * `sluice validate`'s, a resolved value is the manifest pipeline's, a test read is `sluice test-read`'s.
 *
 * @example
 * const api = new BuilderApi(createSluice(), folder);
 * const { findings } = await api.analyze({ text: "version: 6.0.0\nstreams: []\n" });
 */
export class BuilderApi {
  /** The tokens reads rotated, kept over a save that crossed the read ({@link RotatedValues}). */
  private readonly rotations = new RotatedValues();
  /** The texts `analyze` is asked about are one manifest being edited: each is parsed where it changed. */
  private readonly parser = new IncrementalManifestParser();
  /** The texts analysed last, which a request may send an edit of instead of the whole text. */
  private readonly texts = new RecentTexts();

  constructor(
    private readonly sluice: Sluice,
    private readonly folder: BuilderFolder,
    private readonly created: string[] = [],
  ) {}

  async session(): Promise<BuilderSession> {
    const { folder } = this;
    const schema = manifestJsonSchema(this.sluice.registry);
    return {
      dir: folder.dir,
      manifestFile: folder.manifestFile,
      configFile: folder.configFile,
      manifest: await folder.readManifest(),
      testingValues: await folder.readTestingValues(),
      componentFields: componentFields(schema),
      componentSchemas: (schema as { definitions?: Record<string, ComponentSchema> }).definitions ?? {},
      created: this.created,
    };
  }

  async analyze(request: AnalyzeRequest): Promise<AnalyzeResponse> {
    const text = request.edit ? this.texts.edited(request.edit) : request.text;
    if (text === undefined) throw new SluiceError("BUILDER_BAD_REQUEST", "api/analyze needs 'text' (a string) or 'edit' (of a recent textId)", { failureType: "config_error", expected: "text: string, or edit: { base, start, end, insert }", found: "neither" });
    // Checking the testing values builds the connector, which registers their secrets for redaction: a
    // Sluice of its own per check keeps every half-typed value out of the host's registry.
    const checker = request.testingValues ? createSluice({ trustCustomCode: this.sluice.services.get(CustomCodeLoader).trusted, logLevel: "error" }) : this.sluice;
    const report = await validateConnector(checker, { path: this.folder.manifestFile, text, config: request.testingValues, configFile: this.folder.configFile, parseText: (text, file) => this.parser.parse(text, file) });
    const { findings } = report;
    const response: AnalyzeResponse = { findings, streams: [], spec: null, fields: {}, customClasses: {}, textId: this.texts.remember(text) };
    // The validation parsed and resolved the text once; the field values are read from that.
    if (!report.resolved) return response; // the findings say why (a syntax error, a broken reference)
    const { manifest: resolved, positions } = report.resolved;
    const streams = Array.isArray(resolved.streams) ? (resolved.streams as Array<{ name?: unknown }>) : [];
    response.streams = streams.map((s) => String(s?.name ?? ""));
    const spec = (resolved.spec as { connection_specification?: unknown } | undefined)?.connection_specification;
    response.spec = isJsonObject(spec) ? spec : null;
    response.customClasses = await customClassFiles(resolved, this.folder.dir);
    for (const pattern of request.fields ?? []) {
      const paths = expandFieldPattern(resolved, pattern);
      for (const path of paths) response.fields[path] = { value: valueAtPath(resolved, splitPath(path)), origin: fieldOrigin(positions, path) };
    }
    const shown = Object.fromEntries(Object.entries(response.fields).map(([path, field]) => [path, field.value]));
    response.findings.push(...templateSyntaxFindings(shown, positions, findings));
    return response;
  }

  readManifest(): Promise<ManifestText> {
    return this.folder.readManifest();
  }

  /**
   * Saves the manifest (refusing a secret testing value in it, and a file changed on disk unless
   * `overwrite`). The secret fields are those the new text's spec marks, as far as it parses (a syntax
   * error further down does not skip the check), and those of the manifest on disk.
   */
  async saveManifest(request: { text: string; baseHash: string; overwrite?: boolean }): Promise<ManifestText> {
    const values = await this.folder.readTestingValues();
    const secrets = secretFieldNames(await lenientManifest(request.text));
    const onDisk = await this.folder.readManifest().catch(() => undefined);
    if (onDisk) secretFieldNames(await lenientManifest(onDisk.text), secrets);
    return this.folder.saveManifest(request.text, { baseHash: request.baseHash, overwrite: request.overwrite, secretValues: secretValues(values, secrets) });
  }

  /** Saves the testing values (the page's debounced save); a token a read rotated meanwhile is not put back to its spent value. */
  async saveTestingValues(values: ConnectorConfig): Promise<void> {
    await this.folder.writeTestingValues(this.rotations.keep(values));
  }

  /**
   * A test read of one stream of the page's (unsaved) manifest with the testing values the request
   * carries (the page's, as typed; without them, the saved ones). A token the API rotates meanwhile is
   * written to `secrets/config.json` when it rotates (a single-use refresh token must not die with the
   * page) and answered as `testingValues`, so the page adopts it without another call.
   *
   * @example
   * const read = await api.test({ text, stream: "users", testingValues: { api_key: "..." } });
   * read.testingValues // undefined, or the values with the rotated token
   */
  async test(request: TestRequest): Promise<BuilderTestRead> {
    const store = await this.testingValuesStore(request.testingValues);
    try {
      const document: BuilderTestRead = await this.testRead(request, store.configStore);
      for (const stream of document.streams) if (stream.error_path) stream.error_origin = fieldOrigin(SourcePositions.parse(request.text), stream.error_path);
      return withRotated(document, store.rotated());
    } catch (error) {
      // The manifest did not load or build (a template that does not compile...): the panel shows it as the stream's error, at its field.
      if (!(error instanceof SluiceError)) throw error;
      const path = error.where.manifestPath;
      const stream: BuilderTestRead["streams"][number] = { name: request.stream, slices: [], records: 0, error: this.sluice.services.get(Secrets).redact(error.describe()) };
      if (path) Object.assign(stream, { error_path: path, error_origin: fieldOrigin(SourcePositions.parse(request.text), path) });
      return withRotated({ streams: [stream], warnings: [] }, store.rotated());
    }
  }

  /** The schema detected from a test read's records beside the stream's declared one (core/builder/builder-schema.ts). */
  async detectSchema(request: { text: string; stream: string; records: Array<Record<string, unknown>>; dateTimeFormats?: boolean }): Promise<DetectedSchemaView> {
    const resolved = await this.resolve(request.text);
    return detectedSchema({ ...request, resolved }, this.folder.dir, async (path) => JSON.parse(await readFile(path, "utf8")));
  }

  /** Writes an accepted schema into the schema file the stream's `JsonFileSchemaLoader` (in the page's text) reads. */
  async writeSchemaFile(request: { text: string; stream: string; schema: Record<string, unknown> }): Promise<{ file: string }> {
    const resolved = await this.resolve(request.text);
    return { file: await writeSchemaFile({ resolved, stream: request.stream, schema: request.schema }, this.folder.dir) };
  }

  private async resolve(text: string): Promise<Record<string, unknown>> {
    return this.resolved(await parseManifestText(text, this.folder.manifestFile));
  }

  private async resolved(manifest: unknown): Promise<Record<string, unknown>> {
    return (await this.sluice.inspect({ manifest: manifest as Record<string, unknown>, searchFrom: this.folder.dir })).analysis.manifest;
  }

  /**
   * The config store of a read. With the request's testing values: a store in memory over a copy of
   * them, which writes a rotated token to `secrets/config.json` before it is used, and remembers it for
   * the answer. Without (the agents' tools, which save values first): the saved values, in a store over
   * the file, which rewrites it on rotation.
   */
  private async testingValuesStore(values?: ConnectorConfig): Promise<{ config: ConnectorConfig; configStore: ConfigStore; rotated(): ConnectorConfig | undefined }> {
    if (values) {
      let rotated: ConnectorConfig | undefined;
      const configStore = new MemoryConfigStore(structuredClone(values), async (next) => {
        await this.folder.writeTestingValues(next);
        this.rotations.remember(rotated ?? values, next);
        rotated = structuredClone(next);
      });
      return { config: configStore.current(), configStore, rotated: () => rotated };
    }
    await this.folder.prepareSecrets();
    const config = await this.folder.readTestingValues();
    if (!existsSync(this.folder.configFile)) await this.folder.writeTestingValues(config);
    const configStore = await FileConfigStore.open(this.folder.configFile, { config });
    return { config, configStore, rotated: () => undefined };
  }

  private async testRead(request: TestRequest, configStore: ConfigStore): Promise<TestReadDocument> {
    const manifest = await parseManifestText(request.text, this.folder.manifestFile);
    return testRead(this.sluice, {
      manifest,
      searchFrom: this.folder.dir,
      configFile: this.folder.configFile,
      configStore,
      streams: [request.stream],
      limits: { pages: request.pages ?? DEFAULT_TEST_READ_LIMITS.pages, records: request.records ?? DEFAULT_TEST_READ_LIMITS.records, slices: request.slices ?? DEFAULT_TEST_READ_LIMITS.slices },
      states: request.state ? { [request.stream]: request.state } : undefined,
      signal: request.signal,
      collectLogs: true,
    });
  }

  /**
   * Detect (the Builder's button): the stream's records, primary key and pagination from its first
   * response, read with the request's testing values (else the saved ones), each paginator confirmed by
   * a few pages ({@link detectStream}, as `sluice init --probe`). Nothing in the manifest is changed: the
   * page shows the changes. A token rotated meanwhile is saved and answered as for {@link test}.
   */
  /** Writes the manifest from an OpenAPI document ({@link importOpenApi}): the page's "Import OpenAPI" and the `import_openapi` tool. */
  importOpenApi(request: ImportOpenApiRequest): Promise<ImportOpenApiResult> {
    return importOpenApi(this.folder, request);
  }

  async detect(request: { text: string; stream: string; testingValues?: ConnectorConfig }): Promise<DetectResponse> {
    const manifest = await parseManifestText(request.text, this.folder.manifestFile);
    const resolved = await this.resolved(manifest);
    const index = (Array.isArray(resolved.streams) ? (resolved.streams as Array<{ name?: unknown }>) : []).findIndex((s) => s?.name === request.stream);
    if (index < 0) throw new SluiceError("BUILDER_BAD_REQUEST", `No stream named ${JSON.stringify(request.stream)} to detect`, { failureType: "config_error", expected: "the name of one of the manifest's streams", found: request.stream });
    const store = await this.testingValuesStore(request.testingValues);
    const { config: _kept, ...detection } = await detectStream(this.sluice, { text: request.text, manifest, stream: index, streamName: request.stream, config: store.config, configStore: store.configStore, configFile: this.folder.configFile, searchFrom: this.folder.dir });
    return withRotated(detection, store.rotated());
  }
}

/** A test read of one stream of a manifest text: its limits, and the state it starts from. */
export interface TestRequest {
  text: string;
  stream: string;
  pages?: number;
  records?: number;
  slices?: number;
  /** The stream's state to start from (an incremental stream's next window). */
  state?: Record<string, unknown>;
  /** The testing values to read with (the page's, as typed); absent: the saved ones. */
  testingValues?: ConnectorConfig;
  signal?: AbortSignal;
}

/** An answer with the testing values a rotated token changed, when one did. */
function withRotated<T extends object>(answer: T, rotated: ConnectorConfig | undefined): T & { testingValues?: ConnectorConfig } {
  return rotated ? { ...answer, testingValues: rotated } : answer;
}

/** Each component type of the manifest schema with its field names (`type` and `$parameters` left out). */
function componentFields(schema: unknown): Record<string, string[]> {
  const definitions = (schema as { definitions?: Record<string, { properties?: Record<string, unknown> }> }).definitions ?? {};
  const out: Record<string, string[]> = {};
  for (const type of Object.keys(definitions).sort()) out[type] = Object.keys(definitions[type]?.properties ?? {}).filter((f) => f !== "type" && f !== "$parameters");
  return out;
}

