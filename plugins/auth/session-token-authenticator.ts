import {
  AuthenticationError,
  Interpolator,
  ManifestError,
  SluiceError,
  TokenSource,
  Type,
  componentSchema,
  defineComponent,
  injectRequestValue,
  jsonSchema,
  type BuildContext,
  type ComponentFactory,
  type Decoder,
  type HttpResponse,
  type OutgoingRequest,
  type RequestOption,
  type Requester,
} from "../../sdk/index.js";
import { authServices, type AuthServices } from "./auth-context.js";
import { durationAdder } from "./expiry-date.js";
import { TokenAuthenticator } from "./token-authenticator.js";
import { valueAtPath } from "../../python/dpath.js";

/**
 * `SessionTokenAuthenticator`: logs in with a request of its own and sends the session token it gets
 * back, as Metabase (`POST /api/session` -> `{"id": "38f4939c-..."}`, sent as `X-Metabase-Session`)
 * and Dremio do. The token is reused for `expiration_duration` (ISO 8601, months and years included);
 * without it, every data request logs in first, as the kit does. A 401 logs in again once. A `decoder`
 * (`XmlDecoder` for an XML login response) decodes the login response; JSON by default.
 *
 * @example
 * authenticator:
 *   type: SessionTokenAuthenticator
 *   login_requester:
 *     type: HttpRequester
 *     url_base: "{{ config['instance_url'] }}"
 *     path: /api/session
 *     http_method: POST
 *     request_body_json: { username: "{{ config['username'] }}", password: "{{ config['password'] }}" }
 *   session_token_path: [id]
 *   expiration_duration: P14D
 *   request_authentication:
 *     type: ApiKey
 *     inject_into: { type: RequestOption, inject_into: header, field_name: X-Metabase-Session }
 */
export class SessionTokenAuthenticator extends TokenAuthenticator {
  constructor(source: TokenSource<string>, private readonly place: (request: OutgoingRequest, token: string) => void) {
    super(source);
  }

  protected inject(request: OutgoingRequest, token: string): void {
    this.place(request, token);
  }
}

/** The `SessionTokenAuthenticator` component. */
export const SessionTokenAuthenticatorComponent: ComponentFactory<SessionTokenAuthenticator> = defineComponent({
  type: "SessionTokenAuthenticator",
  kind: "authenticator",
  description: "Logs in with a request of its own and sends the session token it returns",
  examples: [{ login_requester: { type: "HttpRequester", url_base: "https://api.example.com", path: "/session", http_method: "POST", request_body_json: { username: "{{ config['username'] }}", password: "{{ config['password'] }}" } }, session_token_path: ["token"], expiration_duration: "PT1H", request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Session" } } }],
  schema: Type.Object({
    type: Type.Optional(Type.Literal("SessionTokenAuthenticator")),
    login_requester: componentSchema("requester"),
    session_token_path: Type.Array(Type.String(), { minItems: 1 }),
    expiration_duration: Type.Optional(Type.String()),
    request_authentication: Type.Object({
      type: jsonSchema<"ApiKey" | "Bearer">({ enum: ["ApiKey", "Bearer"] }),
      inject_into: Type.Optional(componentSchema("request_option")),
      api_token: Type.Optional(Type.String()),
    }),
    decoder: Type.Optional(componentSchema("decoder")),
  }),
  fieldDefaults: { login_requester: "HttpRequester" },
  customFieldTypes: { decoder: "CustomDecoder" },
  shared: true,
  async build(def, ctx) {
    const services = authServices(ctx);
    const decoder = await ctx.build<Decoder | undefined>("decoder");
    const requester = await ctx.build<Requester>("login_requester");
    const path = def.session_token_path;
    const lifetime = parseDuration(def.expiration_duration, ctx);
    const place = await placement(def.request_authentication, ctx, services);
    const source = new TokenSource<string>({
      clock: services.clock,
      reuse: lifetime !== undefined,
      fetch: async () => {
        const response = await login(requester, ctx, decoder);
        const token = await tokenAt(response, path, ctx, decoder);
        services.secrets.add(token);
        return { value: token, expiresAt: lifetime?.(services.clock.now()) };
      },
    });
    return new SessionTokenAuthenticator(source, place);
  },
});

function parseDuration(value: unknown, ctx: BuildContext): ((ms: number) => number) | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  try {
    return durationAdder(String(value));
  } catch (error) {
    throw new ManifestError("AUTH_DURATION_INVALID", (error as Error).message, {
      where: { manifestPath: `${ctx.path}.expiration_duration` },
      expected: "an ISO 8601 duration such as PT1H, P1D, P2W, P1M or P1Y",
      found: JSON.stringify(value),
    });
  }
}

async function login(requester: Requester, ctx: BuildContext, decoder: Decoder | undefined): Promise<HttpResponse> {
  const request = await requester.buildRequest({});
  try {
    return await requester.send(request, { purpose: "session_login", where: { manifestPath: `${ctx.path}.login_requester` }, readBytes: decoder?.readsBytes() });
  } catch (error) {
    const detail = error instanceof SluiceError ? error.message : error instanceof Error ? error.message : String(error);
    throw new AuthenticationError("AUTH_SESSION_LOGIN_FAILED", `The session login request failed: ${detail}`, {
      failureType: error instanceof SluiceError ? error.failureType : "transient_error",
      where: { manifestPath: `${ctx.path}.login_requester`, request: `${request.method} ${request.url.replace(/\?.*$/, "")}` },
      cause: error,
    });
  }
}

/** The token at `path` in the login response's first document (JSON, or what the `decoder` makes of it). */
async function tokenAt(response: HttpResponse, path: readonly string[], ctx: BuildContext, decoder: Decoder | undefined): Promise<string> {
  let node: unknown;
  try {
    node = decoder ? firstOf(await decoder.decode(response)) : response.json();
  } catch (error) {
    throw new AuthenticationError("AUTH_SESSION_TOKEN_MISSING", `The session login response cannot be decoded${decoder ? ` by ${decoder.constructor.name}` : " as JSON"}`, {
      failureType: "system_error",
      cause: error,
      where: { manifestPath: `${ctx.path}.session_token_path` },
      expected: decoder ? "a login response the decoder reads" : "a JSON login response",
      found: `content-type ${response.headers.get("content-type") ?? "none"}`,
    });
  }
  if (Array.isArray(node)) node = node[0];
  node = valueAtPath(node, path);
  if (node === undefined || node === null || node === "") {
    throw new AuthenticationError("AUTH_SESSION_TOKEN_MISSING", `The session login response has no token at ${JSON.stringify(path)}`, {
      failureType: "config_error",
      where: { manifestPath: `${ctx.path}.session_token_path` },
      expected: `a value at session_token_path ${JSON.stringify(path)}`,
      found: "nothing there",
    });
  }
  return typeof node === "object" ? JSON.stringify(node) : String(node);
}

function firstOf(documents: Iterable<unknown>): unknown {
  for (const document of documents) return document;
  return {};
}

async function placement(auth: Record<string, unknown>, ctx: BuildContext, services: AuthServices): Promise<(request: OutgoingRequest, token: string) => void> {
  if (auth.type === "Bearer") {
    return (request, token) => injectRequestValue(request, "header", "Authorization", `Bearer ${token}`, "SessionTokenAuthenticator");
  }
  if (auth.type !== "ApiKey" || auth.inject_into === undefined) {
    throw new ManifestError("AUTH_DEFINITION_INVALID", "request_authentication must be {type: Bearer} or {type: ApiKey, inject_into: ...}", {
      where: { manifestPath: `${ctx.path}.request_authentication` },
      expected: "type Bearer, or type ApiKey with inject_into",
      found: JSON.stringify(auth.type),
    });
  }
  const optionDef = { type: "RequestOption", ...(auth.inject_into as Record<string, unknown>) };
  const option = await ctx.buildChild<RequestOption>(optionDef, `${ctx.path}.request_authentication.inject_into`);
  const template = ctx.get(Interpolator).compile(String(auth.api_token ?? "{{ session_token }}"), {
    path: `${ctx.path}.request_authentication.api_token`,
    names: ["session_token"],
  });
  return (request, token) => {
    const value = template.render({ config: ctx.config, parameters: ctx.parameters, session_token: token });
    services.secrets.add(value);
    option.inject(request, value);
  };
}
