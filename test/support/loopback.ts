/**
 * A loopback HTTP server for pagination tests that records every request it receives, and a helper
 * that reads one stream of a manifest through the real engine (`createSluice`).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSluice, type SluiceOptions } from "../../core/index.js";

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON or as a form, whichever the Content-Type says ({} when empty). */
  fields: Record<string, unknown>;
}

/** What a route answers. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A running loopback server. */
export interface Loopback {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (free port) that answers every request with `handle`. */
export async function startLoopback(handle: (req: SeenRequest, origin: string) => Reply): Promise<Loopback> {
  const requests: SeenRequest[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const seen: SeenRequest = { method: req.method ?? "GET", url: new URL(req.url ?? "/", origin), headers: req.headers, body, fields: parseFields(req.headers["content-type"], body) };
      requests.push(seen);
      let reply: Reply;
      try {
        reply = handle(seen, origin);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function parseFields(contentType: string | undefined, body: string): Record<string, unknown> {
  if (!body) return {};
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  return {};
}

/** A one-stream manifest: `retriever` fields given are merged over a GET requester on `urlBase`. */
export function oneStreamManifest(options: {
  urlBase: string;
  path?: string;
  fieldPath?: string[];
  paginator?: Record<string, unknown>;
  requester?: Record<string, unknown>;
  /** More `SimpleRetriever` fields (`total_records`, ...). */
  retriever?: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "items",
        primary_key: "id",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: options.urlBase, path: options.path ?? "/items", http_method: "GET", ...options.requester },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: options.fieldPath ?? ["data"] } },
          ...(options.paginator ? { paginator: options.paginator } : {}),
          ...options.retriever,
        },
      },
    ],
  };
}

/** Reads every record of a stream; returns the records delivered and the error that ended the read, if any. */
export async function readStream(
  manifest: Record<string, unknown>,
  options: { config?: Record<string, unknown>; stream?: string; sluice?: SluiceOptions } = {},
): Promise<{ records: Record<string, unknown>[]; error?: unknown }> {
  const sluice = createSluice({ logLevel: "error", ...options.sluice });
  const connector = await sluice.connect({ manifest, config: options.config ?? {} });
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of connector.read(options.stream ?? "items")) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records };
}
