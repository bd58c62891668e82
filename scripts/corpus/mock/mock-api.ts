import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Interpolator } from "../../../sdk/index.js";
import { asyncJobModel, type AsyncJobModel } from "./async-jobs.js";
import { authEndpoints, isTokenRequest, type TokenAnswer } from "./auth-endpoints.js";
import { dynamicStreamModels } from "./dynamic-streams.js";
import { encodeBody } from "./encode-body.js";
import { buildPage } from "./pages.js";
import { matchStream, routeFor, type Route } from "./routes.js";
import { streamModels, walkStreams, type StreamModel } from "./stream-model.js";

/** The header carrying the origin a request was meant for (the corpus transport sends every request here). */
export const ORIGIN_HEADER = "x-corpus-origin";

/** What the mock saw for one stream. */
interface StreamTraffic {
  requests: number;
  /** The highest page number served (2 means a second page was asked for). */
  maxPage: number;
}

/**
 * A loopback HTTP API derived from a manifest: it answers every stream's requests with records where
 * its extractor looks, paged as its paginator expects (two pages per partition or slice), OAuth token
 * requests with a token, and session logins with a session token. An `AsyncRetriever` stream's job is
 * created, reported complete and downloaded (see {@link asyncJobModel}); an `HttpComponentsResolver`
 * lists streams, which its stream template's model answers for. Next-page URLs name the origin the
 * request was meant for, so the engine's same-origin rule holds.
 *
 * @example
 * const api = await MockApi.start(manifest, config, interpolator);
 * api.current = "users"; // the stream being read (breaks ties between streams sharing a path)
 * await api.close();
 */
export class MockApi {
  current: string | undefined;
  readonly traffic = new Map<string, StreamTraffic>();
  private readonly routes: Route<StreamModel>[];
  private readonly byName: Map<string, StreamModel>;
  private readonly auth: { oauth: TokenAnswer; sessions: Route<TokenAnswer>[] };
  private readonly tokens = new Map<string, Map<string, number>>();
  private readonly jobs = new Map<string, AsyncJobModel>();
  /** The models of the stream templates, which answer for the dynamic streams made from them. */
  private readonly templates: StreamModel[];

  private constructor(
    private readonly server: Server,
    manifest: Record<string, unknown>,
    private readonly config: Record<string, unknown>,
    private readonly interpolator: Interpolator,
  ) {
    const dynamic = dynamicStreamModels(manifest);
    const models = [...streamModels(manifest), ...dynamic.resolvers];
    this.routes = models.map((m) => routeFor(m.path, m));
    this.byName = new Map(models.map((m) => [m.name, m]));
    this.templates = dynamic.templates.flatMap((name) => this.byName.get(name) ?? []);
    this.auth = authEndpoints(manifest);
    walkStreams(manifest, (stream) => {
      const job = asyncJobModel(stream);
      if (job) this.jobs.set(job.name, job);
    });
  }

  static async start(manifest: Record<string, unknown>, config: Record<string, unknown>, interpolator: Interpolator): Promise<MockApi> {
    const server = createServer();
    const api = new MockApi(server, manifest, config, interpolator);
    server.on("request", (req, res) => void api.answer(req, res));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return api;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://mock");
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    if (isTokenRequest(body, url, req.method)) return send(200, this.auth.oauth);
    const session = this.auth.sessions.find((r) => r.weight > 0 && r.pattern.test(url.pathname));
    if (session) return send(200, session.target);
    const origin = String(req.headers[ORIGIN_HEADER] ?? this.origin);
    const job = this.current ? this.jobs.get(this.current)?.answer(req.method ?? "GET", url.pathname, origin) : undefined;
    if (job) {
      this.count(this.current!, 1);
      res.writeHead(200, { "content-type": job.contentType ?? "application/json" });
      return void res.end(typeof job.body === "string" ? job.body : JSON.stringify(job.body));
    }
    const routed = decodeURIComponent(url.pathname) + (url.search.startsWith("?/") ? decodeURIComponent(url.search.split("&")[0]!) : "");
    const current = this.current ? (this.byName.get(this.current) ?? this.templates[0]) : undefined;
    const model = matchStream(this.routes, routed, this.current) ?? current;
    if (!model) return send(404, { error: `no stream of the manifest answers ${url.pathname}` });
    // A dynamic stream is answered by its template's model, and counted under its own name.
    const name = model === current && this.current ? this.current : model.name;
    const page = this.pageOf(model, name, url, req, body);
    const built = buildPage(model, page, { origin, path: url.pathname, config: this.config, interpolator: this.interpolator, requestedSize: requestedSize(model, url) });
    const tokens = this.tokensOf(name);
    for (const token of built.nextTokens) tokens.set(token, page + 1);
    this.count(name, page);
    const encoded = encodeBody(built.body, model.decoder);
    res.writeHead(200, { "content-type": encoded.contentType, ...built.headers });
    res.end(encoded.text);
  }

  private count(stream: string, page: number): void {
    const seen = this.traffic.get(stream) ?? { requests: 0, maxPage: 0 };
    this.traffic.set(stream, { requests: seen.requests + 1, maxPage: Math.max(seen.maxPage, page) });
  }

  /** The page a request asks for: a `sluice_page` in its URL, else a token this mock issued, found in the request. */
  private pageOf(model: StreamModel, stream: string, url: URL, req: IncomingMessage, body: string): number {
    const explicit = Number(url.searchParams.get("sluice_page"));
    if (explicit > 0) return explicit;
    const tokens = this.tokensOf(stream);
    if (tokens.size === 0) return 1;
    const values = tokenPlaces(model, url, req, body);
    for (const value of values) {
      const page = tokens.get(value) ?? tokens.get(value.replace(/^Bearer /, ""));
      if (page !== undefined) return page;
      const marked = /sluice_page=(\d+)/.exec(value);
      if (marked) return Number(marked[1]);
    }
    // A token used as the path (`RequestPath`): `8/info.0.json`.
    for (const [token, page] of tokens) if (token.length > 3 && url.pathname.endsWith(token)) return page;
    return 1;
  }

  private tokensOf(stream: string): Map<string, number> {
    let tokens = this.tokens.get(stream);
    if (!tokens) this.tokens.set(stream, (tokens = new Map()));
    return tokens;
  }
}

/** Where the paginator's `page_token_option` puts the token (everywhere in the request when it does not say). */
function tokenPlaces(model: StreamModel, url: URL, req: IncomingMessage, body: string): string[] {
  const option = model.paginator?.page_token_option as Record<string, unknown> | undefined;
  const name = typeof option?.field_name === "string" && !option.field_name.includes("{{") ? option.field_name : undefined;
  if (option?.type === "RequestOption" && name) {
    if (option.inject_into === "request_parameter") return url.searchParams.getAll(name);
    if (option.inject_into === "header") return [String(req.headers[name.toLowerCase()] ?? "")];
    return bodyValues(body);
  }
  return [...url.searchParams.values(), ...Object.values(req.headers).flat().map(String), ...bodyValues(body), url.pathname.split("/").at(-1) ?? ""];
}

/** The page size a request asked for through its paginator's `page_size_option` (query parameter only). */
function requestedSize(model: StreamModel, url: URL): number | undefined {
  const option = model.paginator?.page_size_option as Record<string, unknown> | undefined;
  if (!option || option.inject_into !== "request_parameter" || typeof option.field_name !== "string") return undefined;
  const value = Number(url.searchParams.get(option.field_name));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Leaf values of a JSON or form body, as text. */
function bodyValues(body: string): string[] {
  if (!body) return [];
  try {
    const out: string[] = [];
    const walk = (v: unknown): void => {
      if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
      else if (v !== null && v !== undefined) out.push(String(v));
    };
    walk(JSON.parse(body));
    return out;
  } catch {
    return [...new URLSearchParams(body).values()];
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
    req.on("error", fail);
  });
}
