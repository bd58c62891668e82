import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { parse } from "yaml";
import { SluiceError } from "../../../sdk/index.js";

/** A JSON value of the document, after its `$ref`s were resolved. */
export type Json = Record<string, any>;

/** One operation of the document: where, its parameters (path-level ones merged), its success response. */
export interface OpenApiOperation {
  method: string;
  path: string;
  operationId?: string;
  parameters: OpenApiParameter[];
  /** The JSON schema of the 200 (else first 2xx) response, when it declares one. */
  responseSchema?: Json;
  /** The names of that response's headers, lower-cased (`link`). */
  responseHeaders: string[];
  /** The operation's `security` (undefined: the document's). */
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required: boolean;
  schema: Json;
}

/** A document as the generator reads it, whatever its version. */
export interface OpenApiDocument {
  version: string;
  title: string;
  /** The API's base URL (`servers[0]`, or Swagger's `schemes`, `host` and `basePath`), when the document gives one. */
  baseUrl?: string;
  operations: OpenApiOperation[];
  /** `components.securitySchemes` (Swagger: `securityDefinitions`). */
  securitySchemes: Record<string, Json>;
  security: Array<Record<string, string[]>>;
}

/** The largest document read, in characters. */
const MAX_CHARS = 30_000_000;

/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML) from a file or a URL (fetched once;
 * no other URL is fetched for it), resolves its `$ref`s with swagger-parser (a circular one is kept as
 * is), and lists its operations. With `text`, that text is the document (`source` only names it, and a
 * `$ref` to another file is not followed): the Builder's upload.
 *
 * @example
 * const doc = await readOpenApi("openapi.yaml", process.cwd());
 * doc.operations.filter((o) => o.method === "get").map((o) => o.path); // ["/users", "/users/{id}"]
 */
export async function readOpenApi(source: string, cwd: string, options: { text?: string } = {}): Promise<OpenApiDocument> {
  const isUrl = /^https?:\/\//i.test(source);
  const given = options.text !== undefined;
  const text = given ? options.text! : isUrl ? await fetchOnce(source) : await readFile(resolve(cwd, source), "utf8").catch((error: NodeJS.ErrnoException) => failed(source, error.code === "ENOENT" ? "no such file" : error.message));
  if (text.length > MAX_CHARS) failed(source, `the document has ${text.length} characters, more than ${MAX_CHARS}`);
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 1000 });
  } catch (error) {
    failed(source, `not JSON or YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!raw || typeof raw !== "object" || !("openapi" in raw || "swagger" in raw)) failed(source, "no `openapi` or `swagger` field: not an OpenAPI document");
  let doc: Json = {};
  try {
    // No request for a `$ref` to another URL; a file's relative references are read beside it.
    const inMemory = isUrl || given;
    const parserOptions = { resolve: inMemory ? { http: false, file: false } : { http: false }, dereference: { circular: "ignore" as const } };
    doc = (await SwaggerParser.dereference(inMemory ? (raw as never) : (resolve(cwd, source) as never), parserOptions as never)) as unknown as Json;
  } catch (error) {
    failed(source, (error as Error).message.split("\n")[0]!);
  }
  return {
    version: String(doc.openapi ?? doc.swagger),
    title: String(doc.info?.title ?? "API"),
    baseUrl: baseUrl(doc, isUrl ? source : undefined),
    operations: operations(doc),
    securitySchemes: (doc.components?.securitySchemes ?? doc.securityDefinitions ?? {}) as Record<string, Json>,
    security: Array.isArray(doc.security) ? doc.security : [],
  };
}

async function fetchOnce(url: string): Promise<string> {
  const response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(30_000) }).catch((error: Error) => failed(url, error.message));
  if (!response.ok) failed(url, `answered ${response.status}`);
  return response.text();
}

function failed(source: string, why: string): never {
  throw new SluiceError("INIT_OPENAPI_INVALID", `Could not read the OpenAPI document ${source}: ${why}`, {
    failureType: "config_error",
    where: { file: source },
    expected: "an OpenAPI 3.0/3.1 or Swagger 2.0 document, JSON or YAML",
    found: why,
  });
}

function baseUrl(doc: Json, documentUrl: string | undefined): string | undefined {
  if (Array.isArray(doc.servers) && doc.servers[0]?.url) {
    const server = doc.servers[0] as { url: string; variables?: Record<string, { default?: string }> };
    const url = server.url.replace(/\{(\w+)\}/g, (_m, name: string) => server.variables?.[name]?.default ?? `{${name}}`);
    try {
      return new URL(url, documentUrl).toString().replace(/\/+$/, "");
    } catch {
      return undefined; // a relative server with no document URL: --url says where
    }
  }
  if (typeof doc.host === "string") return `${(doc.schemes?.[0] as string | undefined) ?? "https"}://${doc.host}${String(doc.basePath ?? "")}`.replace(/\/+$/, "");
  return undefined;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

function operations(doc: Json): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item?.[method] as Json | undefined;
      if (!op) continue;
      const byKey = new Map<string, OpenApiParameter>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])] as Json[]) {
        if (!p?.name || !p.in) continue;
        byKey.set(`${p.in}:${p.name}`, { name: p.name, in: p.in, required: p.required === true || p.in === "path", schema: (p.schema ?? { type: p.type, default: p.default, maximum: p.maximum, minimum: p.minimum, enum: p.enum }) as Json });
      }
      const response = successResponse(op.responses ?? {});
      out.push({
        method,
        path,
        operationId: op.operationId,
        parameters: [...byKey.values()],
        responseSchema: response ? (response.schema ?? jsonContent(response.content)?.schema) : undefined,
        responseHeaders: Object.keys(response?.headers ?? {}).map((h) => h.toLowerCase()),
        security: Array.isArray(op.security) ? op.security : undefined,
      });
    }
  }
  return out;
}

function successResponse(responses: Json): Json | undefined {
  const code = ["200", "2XX", "2xx"].find((c) => responses[c]) ?? Object.keys(responses).find((c) => /^2\d\d$/.test(c));
  return code ? (responses[code] as Json) : undefined;
}

function jsonContent(content: Json | undefined): Json | undefined {
  if (!content) return undefined;
  const type = Object.keys(content).find((t) => /json/i.test(t)) ?? Object.keys(content)[0];
  return type ? (content[type] as Json) : undefined;
}
