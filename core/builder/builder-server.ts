import { createToolRunner, type ToolRunner } from "./tools/tool-runner.js";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SluiceError } from "../../sdk/index.js";
import type { Sluice } from "../sluice.js";
import { BuilderApi } from "./builder-api.js";
import { BuilderAssets } from "./builder-assets.js";
import { BuilderConsent } from "./builder-consent.js";
import { BuilderFolder } from "./builder-folder.js";
import { manifestJsonSchema } from "../manifest/manifest-json-schema.js";
import { RequestGuard } from "./request-guard.js";
import { isJsonObject } from "../../pure/json-object.js";

/** How {@link startBuilder} serves a folder. */
interface BuilderOptions {
  /** The connector folder (scaffolded when it has no manifest). */
  dir: string;
  /** The loopback port; default a free one. */
  port?: number;
  /** The session token; default 32 random bytes (tests pass their own only to check refusals). */
  token?: string;
  /** Told of every refused request (the CLI prints it: another site or name trying the Builder is worth knowing). */
  onRefused?: (refusal: { method: string; path: string; reason: string }) => void;
}

/** A running Builder. */
export interface RunningBuilder {
  /** The page's address, with the session token: `http://127.0.0.1:PORT/TOKEN/`. */
  url: string;
  port: number;
  folder: BuilderFolder;
  /** Files scaffolded because the folder had no manifest. */
  created: string[];
  close(): Promise<void>;
}

/** The largest request body the page sends (a manifest of the corpus is under 1 MB). */
const MAX_BODY = 32 * 1024 * 1024;

const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

/**
 * Serves the Builder for one connector folder on 127.0.0.1: the page (bundled into the package at
 * build time, nothing from the network) and its JSON API, behind a {@link RequestGuard} (session
 * token, loopback `Host`, same `Origin`).
 *
 * @example
 * const builder = await startBuilder(createSluice(), { dir: "connectors/acme" });
 * console.log(builder.url); // http://127.0.0.1:40123/k3J.../
 * await builder.close();
 */
export async function startBuilder(sluice: Sluice, options: BuilderOptions): Promise<RunningBuilder> {
  const assets = await BuilderAssets.locate();
  const { folder, created } = await BuilderFolder.open(options.dir, { schema: () => manifestJsonSchema(sluice.registry) });
  const api = new BuilderApi(sluice, folder, created);
  const consent = new BuilderConsent(folder);
  // The tools of `sluice mcp`, over the same service layer, for the page's code (and an agent working in it).
  const tools = createToolRunner({ api, folder, sluice });
  const token = options.token ?? randomBytes(32).toString("base64url");
  let guard: RequestGuard | undefined;
  const server = createServer((request, response) => {
    handle(request, response, { guard: guard!, api, consent, assets, tools, onRefused: options.onRefused }).catch((error: unknown) => sendError(response, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  guard = new RequestGuard({ token, port });
  // A consent waiting for its redirect stops with the Builder (its callback server and timer would keep the process alive).
  const close = async () => {
    await consent.close();
    await closeServer(server);
  };
  return { url: `http://127.0.0.1:${port}/${token}/`, port, folder, created, close };
}

interface HandlerContext {
  guard: RequestGuard;
  api: BuilderApi;
  consent: BuilderConsent;
  assets: BuilderAssets;
  tools: ToolRunner;
  onRefused?: BuilderOptions["onRefused"];
}

async function handle(request: IncomingMessage, response: ServerResponse, ctx: HandlerContext): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const refusal = ctx.guard.check(url.pathname, request.headers);
  if (refusal) {
    // The path is not repeated: it may hold a token (a wrong one, or the right one sent from a foreign origin).
    ctx.onRefused?.({ method: request.method ?? "GET", path: refusal.status === 404 ? url.pathname : "(the Builder's URL)", reason: refusal.reason });
    response.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS });
    response.end(`${refusal.reason}\n`);
    return;
  }
  if (url.pathname.indexOf("/", 1) < 0) {
    // `/<token>` without its slash: the page's relative URLs need it.
    response.writeHead(308, { location: `${url.pathname}/`, ...SECURITY_HEADERS });
    response.end();
    return;
  }
  const path = RequestGuard.rest(url.pathname);
  const method = request.method ?? "GET";
  if (!path.startsWith("/api/")) {
    if (method !== "GET" && method !== "HEAD") return sendJson(response, 405, { error: { code: "BUILDER_BAD_REQUEST", message: `${method} ${path} is not served` } });
    const asset = ctx.assets.get(path === "/" ? "/index.html" : path);
    if (!asset) return sendJson(response, 404, { error: { code: "BUILDER_BAD_REQUEST", message: `no ${path} here` } });
    response.writeHead(200, { "content-type": asset.type, ...SECURITY_HEADERS });
    response.end(method === "HEAD" ? undefined : asset.body);
    return;
  }
  const route = `${method} ${path}`;
  if (method !== "GET" && !(request.headers["content-type"] ?? "").startsWith("application/json")) {
    // A cross-site form cannot send JSON without a preflight this server never answers.
    return sendJson(response, 415, { error: { code: "BUILDER_BAD_REQUEST", message: `${route} takes application/json` } });
  }
  const body = method === "GET" ? {} : await readJson(request, route);
  if (method === "POST" && path.startsWith("/api/tools/")) {
    const cancel = new AbortController();
    response.on("close", () => response.writableFinished || cancel.abort());
    return sendJson(response, 200, await ctx.tools.call(decodeURIComponent(path.slice("/api/tools/".length)), body, cancel.signal));
  }
  switch (route) {
    case "GET /api/tools":
      return sendJson(response, 200, { tools: ctx.tools.list() });
    case "POST /api/import-openapi":
      return sendJson(response, 200, await ctx.api.importOpenApi({
        source: optional(body, "source", "string", route),
        text: optional(body, "text", "string", route),
        url: optional(body, "url", "string", route),
        streams: Array.isArray(body.streams) ? body.streams.filter((s): s is string => typeof s === "string") : undefined,
        replace: body.replace === true,
      }));
    case "GET /api/session":
      return sendJson(response, 200, await ctx.api.session());
    case "POST /api/analyze":
      return sendJson(response, 200, await ctx.api.analyze({
        ...(body.edit === undefined ? { text: field(body, "text", "string", route) } : { edit: textEditField(body, route) }),
        fields: body.fields as string[] | undefined,
        testingValues: body.testingValues as Record<string, unknown> | undefined,
      }));
    case "GET /api/manifest":
      return sendJson(response, 200, await ctx.api.readManifest());
    case "PUT /api/manifest":
      return sendJson(response, 200, await ctx.api.saveManifest({ text: field(body, "text", "string", route), baseHash: field(body, "baseHash", "string", route), overwrite: body.overwrite === true }));
    case "PUT /api/testing-values":
      await ctx.api.saveTestingValues(field(body, "values", "object", route) as Record<string, unknown>);
      return sendJson(response, 200, { saved: true });
    case "POST /api/test": {
      // The page cancels a test read by dropping its request: the read's requests in flight are aborted.
      const cancel = new AbortController();
      response.on("close", () => response.writableFinished || cancel.abort());
      const state = body.state === undefined ? undefined : (field(body, "state", "object", route) as Record<string, unknown>);
      const limits = { pages: positiveInteger(body.pages), records: positiveInteger(body.records), slices: positiveInteger(body.slices) };
      return sendJson(response, 200, await ctx.api.test({ text: field(body, "text", "string", route), stream: field(body, "stream", "string", route), ...limits, state, testingValues: testingValues(body, route), signal: cancel.signal }));
    }
    case "POST /api/detect-schema":
      return sendJson(response, 200, await ctx.api.detectSchema({ text: field(body, "text", "string", route), stream: field(body, "stream", "string", route), records: Array.isArray(body.records) ? (body.records as Array<Record<string, unknown>>) : [], dateTimeFormats: body.dateTimeFormats === true }));
    case "PUT /api/schema-file":
      return sendJson(response, 200, await ctx.api.writeSchemaFile({ text: field(body, "text", "string", route), stream: field(body, "stream", "string", route), schema: field(body, "schema", "object", route) as Record<string, unknown> }));
    case "POST /api/detect":
      return sendJson(response, 200, await ctx.api.detect({ text: field(body, "text", "string", route), stream: field(body, "stream", "string", route), testingValues: testingValues(body, route) }));
    case "POST /api/oauth/consent":
      return sendJson(response, 200, await ctx.consent.start(field(body, "text", "string", route)));
    case "GET /api/oauth/consent":
      return sendJson(response, 200, ctx.consent.status());
    default:
      return sendJson(response, 404, { error: { code: "BUILDER_BAD_REQUEST", message: `no route ${route}` } });
  }
}

/** `edit: { base, start, end, insert }`: a recent text's id and the stretch of it replaced. */
function textEditField(body: Record<string, unknown>, route: string): { base: string; start: number; end: number; insert: string } {
  const { base, start, end, insert } = field(body, "edit", "object", route) as Record<string, unknown>;
  if (typeof base === "string" && typeof start === "number" && typeof end === "number" && typeof insert === "string") return { base, start, end, insert };
  throw new SluiceError("BUILDER_BAD_REQUEST", `${route} needs 'edit' as { base: string, start: number, end: number, insert: string }`, {
    failureType: "config_error",
    expected: "edit: { base: string, start: number, end: number, insert: string }",
    found: JSON.stringify({ base: typeof base, start: typeof start, end: typeof end, insert: typeof insert }),
  });
}

/** A string field the request may leave out. */
function optional(body: Record<string, unknown>, name: string, type: "string", route: string): string | undefined {
  return body[name] === undefined || body[name] === "" ? undefined : field(body, name, type, route);
}

function field<T extends "string" | "object">(body: Record<string, unknown>, name: string, type: T, route: string): T extends "string" ? string : object {
  const value = body[name];
  const ok = type === "string" ? typeof value === "string" : typeof value === "object" && value !== null && !Array.isArray(value);
  if (!ok) throw new SluiceError("BUILDER_BAD_REQUEST", `${route} needs '${name}' as ${type === "string" ? "a string" : "an object"}`, { failureType: "config_error", expected: `${name}: ${type}`, found: value === undefined ? "nothing" : typeof value });
  return value as T extends "string" ? string : object;
}

/** A read limit the page sent (pages, records, slices): a positive integer, else undefined (the default applies). */
function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The testing values a read carries (`testingValues`, an object), if any. */
function testingValues(body: Record<string, unknown>, route: string): Record<string, unknown> | undefined {
  return body.testingValues === undefined ? undefined : (field(body, "testingValues", "object", route) as Record<string, unknown>);
}

async function readJson(request: IncomingMessage, route: string): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new SluiceError("BUILDER_BAD_REQUEST", `${route}: the request body is over ${MAX_BODY} bytes`, { failureType: "config_error" });
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (isJsonObject(value)) return value;
  } catch {
    // reported below
  }
  throw new SluiceError("BUILDER_BAD_REQUEST", `${route}: the request body is not a JSON object`, { failureType: "config_error", expected: "a JSON object" });
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...SECURITY_HEADERS });
  response.end(JSON.stringify(value));
}

/** A SluiceError as `{ error: { code, message, expected, found } }` (409 for a changed file or an edit of a text no longer kept, 422 for a refusal, 500 otherwise). */
function sendError(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (error instanceof SluiceError) {
    const status = error.code === "BUILDER_MANIFEST_CHANGED" || error.code === "BUILDER_TEXT_UNKNOWN" ? 409 : error.code === "BUILDER_BAD_REQUEST" ? 400 : 422;
    sendJson(response, status, { error: { code: error.code, message: error.message, expected: error.expected, found: error.found } });
    return;
  }
  sendJson(response, 500, { error: { code: "SYSTEM_ERROR", message: error instanceof Error ? error.message : String(error) } });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
