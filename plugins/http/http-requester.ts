import {
  ConfigError,
  HttpClient,
  Interpolator,
  Logger,
  ManifestError,
  PaginationError,
  ReadLimits,
  Type,
  componentSchema,
  defineComponent,
  injectRequestValue,
  jsonSchema,
  type Authenticator,
  type BuildContext,
  type ComponentDefinition,
  type CompiledTemplate,
  type CompiledValue,
  type ComponentFactory,
  type ErrorHandler,
  type HttpMethod,
  type HttpResponse,
  type OutgoingRequest,
  type RequestInput,
  type QueryProperties,
  type Requester,
  type SendOptions,
  type TemplateContext,
} from "../../sdk/index.js";
import { REQUEST_NAMES, compileField } from "../shared/templates.js";
import { joinUrl } from "../shared/join-url.js";
import { applyQueryProperties, splitQueryProperties } from "./query-properties-parameter.js";
import type { TypedRequestBody } from "./request-body.js";

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];


/** The trusted origin of a request whose URL comes from its path alone (url_base and url empty): none. */
const NO_CONFIGURED_ORIGIN = "";

/**
 * `HttpRequester`: where and how a stream's requests go. Every field may use `config`, `parameters`,
 * `next_page_token` and `stream_slice`. Credentials are added by the `authenticator` only for the
 * origin the requester was configured for: a next-page URL on another origin is refused (or, when the
 * host allows it, followed without credentials).
 *
 * @example
 * requester:
 *   type: HttpRequester
 *   url_base: "https://api.example.com/v1"
 *   path: "/users"
 *   http_method: GET
 *   request_parameters: { status: "{{ config['status'] }}" }
 *   authenticator: { type: BearerAuthenticator, api_token: "{{ config['api_key'] }}" }
 */
export const HttpRequesterComponent: ComponentFactory<Requester> = defineComponent({
  type: "HttpRequester",
  kind: "requester",
  description: "Builds and sends a stream's HTTP requests",
  examples: [{ url_base: "https://api.example.com/v1", path: "/users", http_method: "GET", authenticator: { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" } }],
  fieldDefaults: { error_handler: "DefaultErrorHandler" },
  customFieldTypes: { authenticator: "CustomAuthenticator", error_handler: "CustomErrorHandler" },
  schema: Type.Object({
    url_base: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    path: Type.Optional(Type.String()),
    http_method: Type.Optional(jsonSchema<HttpMethod | Lowercase<HttpMethod>>({ enum: [...METHODS, ...METHODS.map((m) => m.toLowerCase())] })),
    request_parameters: Type.Optional(jsonSchema<Record<string, unknown> | string>({ type: ["object", "string"] })),
    request_headers: Type.Optional(jsonSchema<Record<string, unknown> | string>({ type: ["object", "string"] })),
    request_body_json: Type.Optional(jsonSchema<Record<string, unknown> | string | unknown[]>({ type: ["object", "string", "array"] })),
    request_body_data: Type.Optional(jsonSchema<Record<string, unknown> | string>({ type: ["object", "string"] })),
    request_body: Type.Optional(componentSchema("request_body")),
    authenticator: Type.Optional(componentSchema("authenticator")),
    error_handler: Type.Optional(componentSchema("error_handler")),
    use_cache: Type.Optional(Type.Boolean()),
    allow_cross_origin_pages: Type.Optional(Type.Boolean({ description: "Sluice: follow next-page URLs and redirects on another origin (without credentials)" })),
    name: Type.Optional(Type.String()),
  }),
  async build(def, ctx) {
    if (def.url_base === undefined && def.url === undefined) {
      throw new ManifestError("MANIFEST_INVALID", "An HttpRequester needs url_base (or url)", {
        where: { manifestPath: ctx.path },
        expected: "url_base: https://api.example.com (with path), or url",
        found: "neither",
      });
    }
    const { parameters, queryProperties } = await splitQueryProperties(def.request_parameters, ctx);
    return new HttpRequester({
      ctx,
      queryProperties,
      method: String(def.http_method ?? "GET").toUpperCase() as HttpMethod,
      urlBase: compileField(ctx, def.url_base, "url_base", REQUEST_NAMES),
      url: compileField(ctx, def.url, "url", REQUEST_NAMES),
      path: compileField(ctx, def.path, "path", REQUEST_NAMES),
      params: compileMapping(ctx, parameters, "request_parameters", QUERY_VALUE_TYPES),
      headers: compileMapping(ctx, def.request_headers, "request_headers", QUERY_VALUE_TYPES),
      ...(await bodies(def, ctx)),
      authenticator: await buildAuthenticator(def, ctx),
      errorHandler: await ctx.build<ErrorHandler | undefined>("error_handler"),
      allowCrossOriginPages: def.allow_cross_origin_pages === true,
      useCache: def.use_cache === true,
      readsStreamState: REQUEST_FIELDS.some((field) => def[field] !== undefined && /\bstream_state\b/.test(JSON.stringify(def[field]))),
    });
  },
});

/** The fields a request is built from (templates that may read `stream_state`). */
const REQUEST_FIELDS = ["url_base", "url", "path", "request_parameters", "request_headers", "request_body_json", "request_body_data", "request_body"] as const;

/**
 * The JSON and form bodies. A typed `request_body` stands in for the field of its kind, as in the kit;
 * a JSON body beside a form body is refused when the connector is built (the kit's "should only
 * contain either 'request_body_data' or 'request_body_json' not both").
 */
async function bodies(def: ComponentDefinition, ctx: BuildContext): Promise<{ bodyJson?: CompiledValue; bodyData?: CompiledValue }> {
  const typed = await ctx.build<TypedRequestBody | undefined>("request_body");
  const json = typed?.slot === "json" ? { value: typed.value, field: "request_body.value" } : { value: def.request_body_json, field: "request_body_json" };
  const data = typed?.slot === "data" ? { value: typed.value, field: "request_body.value" } : { value: def.request_body_data, field: "request_body_data" };
  if (typed && isSet(json.value) && isSet(data.value)) {
    throw new ManifestError("REQUEST_BODY_CONFLICT", "RequestOptionsProvider should only contain either 'request_body_data' or 'request_body_json' not both", {
      where: { manifestPath: `${ctx.path}.request_body`, stream: ctx.stream },
      expected: `request_body (${typed.slot === "json" ? "a JSON body" : "a form or text body"}) alone`,
      found: `request_body and ${typed.slot === "json" ? "request_body_data" : "request_body_json"}`,
    });
  }
  return { bodyJson: compileMapping(ctx, json.value, json.field), bodyData: compileMapping(ctx, data.value, data.field) };
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  return typeof value !== "object" || Object.keys(value).length > 0;
}

/**
 * The requester's authenticator. The kit gives `LegacySessionTokenAuthenticator` the requester's
 * `url_base` (its login and validation paths are relative to it): it gets it as `api_url`.
 */
async function buildAuthenticator(def: ComponentDefinition, ctx: BuildContext): Promise<Authenticator | undefined> {
  const auth = def.authenticator as ComponentDefinition | undefined;
  if (auth && typeof auth === "object" && auth.type === "LegacySessionTokenAuthenticator" && auth.api_url === undefined && def.url_base !== undefined) {
    return ctx.buildChild<Authenticator>({ ...auth, api_url: def.url_base }, `${ctx.path}.authenticator`);
  }
  return ctx.build<Authenticator | undefined>("authenticator");
}

/**
 * The kit keeps a query parameter or header value typed only when it is a string or a list: `"{{ 10 / 2 }}"`
 * is sent as `5.0`, as Python's `str()` wrote it, never re-typed to the number 5.
 */
const QUERY_VALUE_TYPES = ["str", "list"] as const;

function compileMapping(ctx: BuildContext, value: unknown, field: string, validTypes?: typeof QUERY_VALUE_TYPES): CompiledValue | undefined {
  if (value === undefined || value === null) return undefined;
  return ctx.get(Interpolator).compileNested(value, { path: `${ctx.path}.${field}`, names: REQUEST_NAMES }, validTypes ? { validTypes } : undefined);
}

interface RequesterParts {
  ctx: BuildContext;
  queryProperties?: QueryProperties;
  method: HttpMethod;
  urlBase?: CompiledTemplate;
  url?: CompiledTemplate;
  path?: CompiledTemplate;
  params?: CompiledValue;
  headers?: CompiledValue;
  bodyJson?: CompiledValue;
  bodyData?: CompiledValue;
  authenticator?: Authenticator;
  errorHandler?: ErrorHandler;
  allowCrossOriginPages: boolean;
  /** `use_cache` (set for every parent stream's requester): its responses are reused for the rest of the read. */
  useCache: boolean;
  /** Whether a request template reads `stream_state`. */
  readsStreamState: boolean;
}

/** The built requester; see {@link HttpRequesterComponent}. */
class HttpRequester implements Requester {
  private readonly trustedOrigins = new WeakMap<OutgoingRequest, string>();
  private readonly http: HttpClient;
  private readonly limits: ReadLimits;
  private readonly logger: Logger;
  private lastJoin?: { base: string; path: string; url: string };
  private lastOrigin?: { url: string; origin: string };
  /** The last URL found to be absolute http(s): most pages of a slice are built on the same one. */
  private lastHttpUrl?: string;
  /** Whether the "no configured origin, no credentials" warning was logged (once per requester). */
  private warnedNoOrigin = false;

  readonly queryProperties?: QueryProperties;
  readonly readsStreamState: boolean;

  constructor(private readonly parts: RequesterParts) {
    this.queryProperties = parts.queryProperties;
    this.readsStreamState = parts.readsStreamState;
    this.http = parts.ctx.get(HttpClient);
    this.limits = parts.ctx.get(ReadLimits);
    this.logger = parts.ctx.get(Logger);
  }

  buildRequest(input: RequestInput): OutgoingRequest {
    const scope = this.scope(input);
    const base = this.parts.urlBase?.render(scope) ?? "";
    const url = this.parts.url?.render(scope) ?? "";
    const path = input.pagePath ?? stripLeadingSlash(this.parts.path?.render(scope) ?? "");
    const full = base ? this.join(base, path) : path ? this.join(url, path) : url;
    if (full !== this.lastHttpUrl) {
      if (!isHttpUrl(full)) throw this.invalidUrl(base, url);
      this.lastHttpUrl = full;
    }
    const request: OutgoingRequest = { method: this.parts.method, url: full, params: {}, headers: {} };
    const at = this.parts.ctx.path;
    for (const [key, value] of entries(this.parts.params?.eval(scope))) {
      if (typeof value === "object" && !Array.isArray(value)) throw invalidParam(key, at);
      injectRequestValue(request, "request_parameter", key, value, `the requester (${at}.request_parameters)`);
    }
    applyQueryProperties(request, this.queryProperties, input.streamSlice);
    for (const [key, value] of entries(this.parts.headers?.eval(scope))) injectRequestValue(request, "header", key, String(value), `the requester (${at}.request_headers)`);
    const json = this.parts.bodyJson?.eval(scope);
    if (json !== undefined && json !== null) request.bodyJson = json as Record<string, unknown>;
    const data = this.parts.bodyData?.eval(scope);
    if (data !== undefined && data !== null && data !== "") request.bodyData = data as Record<string, unknown> | string;
    // The origin credentials may go to is the one url_base (or url) names. With both empty, the whole URL
    // comes from the path (an async job's download link, say): an origin chosen by data, so no credentials.
    this.trustedOrigins.set(request, base || url ? this.originOfBase(base || url) : NO_CONFIGURED_ORIGIN);
    return request;
  }

  /**
   * Sends through the HTTP client with this requester's credentials. Not an `async` function: the
   * client's promise is handed back as it is (an async layer here cost a few microtask turns per page);
   * an error is still a rejected promise, never a throw.
   */
  send(request: OutgoingRequest, options: SendOptions = {}): Promise<HttpResponse> {
    try {
      const authenticator = this.authenticatorFor(request, options);
      // Object.assign, not `{ ...options, authenticator }`: on Node 20 a spread followed by more keys costs ~1 µs.
      const sent = Object.assign({}, options, { authenticator, errorHandler: this.parts.errorHandler ?? options.errorHandler, followCrossOrigin: this.followCrossOrigin });
      if (this.parts.useCache) sent.cacheKey = cacheKey(request, authenticator);
      return this.http.send(request, sent);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Whether a next page or a redirect may leave the API's origin (without credentials). */
  private get followCrossOrigin(): boolean {
    return this.limits.followCrossOriginPages || this.parts.allowCrossOriginPages;
  }

  /** A URL that is not absolute (a `url_base` rendered empty or without `https://`): clear, before any request. */
  private invalidUrl(base: string, url: string): ConfigError {
    const field = this.parts.urlBase ? "url_base" : "url";
    const source = (this.parts.urlBase ?? this.parts.url)?.source ?? "";
    const template = source.length > 80 ? `${source.slice(0, 80)}…` : source;
    const rendered = base || url;
    return new ConfigError("REQUEST_URL_INVALID", `The requester's ${field} ${JSON.stringify(template)} does not give an absolute http(s) URL${source.includes("config") ? "; check the config values it reads" : ""}`, {
      where: { manifestPath: `${this.parts.ctx.path}.${field}` },
      expected: "an absolute URL such as https://api.example.com/v1",
      found: rendered ? "a value without http:// or https://" : "an empty value",
    });
  }

  /** The authenticator for this request: none for a next page on another origin, when following it is allowed. */
  private authenticatorFor(request: OutgoingRequest, options: SendOptions): Authenticator | undefined {
    const trusted = this.trustedOrigins.get(request);
    if (trusted === NO_CONFIGURED_ORIGIN) {
      if (this.parts.authenticator && !this.warnedNoOrigin) {
        this.warnedNoOrigin = true;
        this.logger.warn(`the requester at ${this.parts.ctx.path} has an empty url_base, so its URLs come from the path alone: they are sent without credentials (set url_base to the API's origin to authenticate them)`, {});
      }
      return undefined;
    }
    if (trusted === undefined || isOnOrigin(request.url, trusted)) return this.parts.authenticator;
    if (!this.followCrossOrigin) {
      throw new PaginationError("CROSS_ORIGIN_PAGE", `The next page is on another origin (${originOf(request.url)}) than the API (${trusted}); Sluice does not send credentials there and does not follow it (allow it with allow_cross_origin_pages: true on the requester)`, {
        failureType: "config_error",
        where: options.where,
        expected: `a next-page URL on ${trusted}`,
        found: originOf(request.url),
      });
    }
    this.logger.warn("following a next-page URL on another origin without credentials", { origin: originOf(request.url) });
    return undefined;
  }

  /** {@link joinUrl}, remembered for the last base and path: most pages of a slice join the same two. */
  private join(base: string, path: string): string {
    const last = this.lastJoin;
    if (last && last.base === base && last.path === path) return last.url;
    const url = joinUrl(base, path);
    this.lastJoin = { base, path, url };
    return url;
  }

  /** The origin of the URL requests are built from, remembered for the last one (it rarely changes). */
  private originOfBase(url: string): string {
    const last = this.lastOrigin;
    if (last && last.url === url) return last.origin;
    const origin = originOf(url);
    this.lastOrigin = { url, origin };
    return origin;
  }

  private scope(input: RequestInput): TemplateContext {
    const slice = input.streamSlice ?? {};
    return {
      config: this.parts.ctx.config,
      parameters: this.parts.ctx.parameters,
      next_page_token: input.nextPageToken === undefined || input.nextPageToken === null ? null : { next_page_token: input.nextPageToken },
      stream_slice: slice,
      stream_partition: slice,
      stream_interval: slice,
      stream_state: input.streamState ?? {},
    };
  }
}

function entries(value: unknown): [string, unknown][] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
}

function invalidParam(key: string, path: string): ManifestError {
  return new ManifestError("MANIFEST_INVALID", `Request parameter '${key}' evaluated to an object`, {
    where: { manifestPath: `${path}.request_parameters.${key}` },
    expected: "a string, number or list",
    found: "an object",
  });
}

function stripLeadingSlash(path: string): string {
  return path.replace(/^\/+/, "");
}

/**
 * Whether `url` is on `origin`. A URL that starts with an http(s) origin followed by `/`, `?`, `#` or
 * nothing is on it without parsing (a `new URL` per page); anything else is parsed and compared.
 */
function isOnOrigin(url: string, origin: string): boolean {
  if (url.startsWith(origin) && (origin.startsWith("https://") || origin.startsWith("http://"))) {
    const next = url.charAt(origin.length);
    if (next === "" || next === "/" || next === "?" || next === "#") return true;
  }
  return originOf(url) === origin;
}

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A number per authenticator instance: the part of a cache key that says whose credentials a response was for. */
const authenticatorIds = new WeakMap<Authenticator, number>();
let nextAuthenticatorId = 1;

/**
 * The response cache's key of a request: the request as built, before any authenticator touched it (so a
 * signature, a timestamp or a refreshed token never makes two identical requests differ), and the
 * authenticator's identity (so two authenticators never share a response).
 *
 * @example
 * cacheKey({ method: "GET", url: "https://api/boards", params: { page: 2 }, headers: {} }, auth) // '["GET","https://api/boards",{"page":2},{},null,null,1]'
 */
export function cacheKey(request: OutgoingRequest, authenticator: Authenticator | undefined): string {
  let id = 0;
  if (authenticator) {
    id = authenticatorIds.get(authenticator) ?? nextAuthenticatorId++;
    authenticatorIds.set(authenticator, id);
  }
  return JSON.stringify([request.method, request.url, request.params, request.headers, request.bodyJson ?? null, request.bodyData ?? null, id]);
}
