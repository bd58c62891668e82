import {
  AuthenticationError,
  defineComponent,
  HttpClient,
  HttpRequestError,
  injectRequestValue,
  TokenSource,
  Type,
  type BuildContext,
  type CompiledTemplate,
  type ComponentFactory,
  type OutgoingRequest,
  type TokenFetchReason,
} from "../../sdk/index.js";
import { joinUrl } from "../shared/join-url.js";
import { authServices, type AuthServices } from "./auth-context.js";
import { TokenAuthenticator } from "./token-authenticator.js";

/**
 * `LegacySessionTokenAuthenticator` (deprecated in the kit in favour of `SessionTokenAuthenticator`):
 * sends a session token in the `header`. A `session_token` from the config is checked first with a GET
 * to `validate_session_url` carrying it; when that answers 401 (or there is none), Sluice logs in with
 * `POST login_url` and the JSON body `{"username", "password"}`, and takes the token at
 * `session_token_response_key` of the answer. Both URLs are relative to the requester's `url_base`
 * (or `api_url`, a Sluice addition for an authenticator defined apart from its requester). The token is
 * kept for the whole run and shared by every stream (the kit validates the config token before every
 * request and caches the login for the process); a 401 on a data request logs in again once.
 *
 * Modelled on Metabase: `POST /api/session {"username": "ana@example.com", "password": "..."}` answers
 * `{"id": "38f4939c-ad7f-4cbe-ae54-30946daf8593"}`, sent as `X-Metabase-Session`;
 * `GET /api/user/current` answers 401 to an expired session.
 *
 * @example
 * requester:
 *   url_base: "{{ config['instance_api_url'] }}"     # https://metabase.example.com/api/
 *   authenticator:
 *     type: LegacySessionTokenAuthenticator
 *     username: "{{ config['username'] }}"
 *     password: "{{ config['password'] }}"
 *     session_token: "{{ config['session_token'] }}"
 *     header: X-Metabase-Session
 *     session_token_response_key: id
 *     login_url: session
 *     validate_session_url: user/current
 */
export class LegacySessionTokenAuthenticator extends TokenAuthenticator {
  constructor(
    source: TokenSource<string>,
    private readonly header: string,
  ) {
    super(source);
  }

  protected inject(request: OutgoingRequest, token: string): void {
    injectRequestValue(request, "header", this.header, token, "LegacySessionTokenAuthenticator");
  }
}

/** The `LegacySessionTokenAuthenticator` component. */
export const LegacySessionTokenAuthenticatorComponent: ComponentFactory<LegacySessionTokenAuthenticator> = defineComponent({
  type: "LegacySessionTokenAuthenticator",
  kind: "authenticator",
  description: "Sends a session token from the config or from a username/password login (deprecated form)",
  schema: Type.Object({
    header: Type.String(),
    login_url: Type.String(),
    session_token: Type.Optional(Type.String()),
    session_token_response_key: Type.String(),
    username: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    validate_session_url: Type.String(),
    api_url: Type.Optional(Type.String({ description: "Sluice: the base URL of login_url and validate_session_url (default: the requester's url_base)" })),
  }),
  shared: true,
  build(def, ctx) {
    const services = authServices(ctx);
    const field = (name: keyof typeof def & string): CompiledTemplate => services.interpolator.compile(String(def[name] ?? ""), { path: `${ctx.path}.${name}` });
    const header = field("header").render({ config: ctx.config, parameters: ctx.parameters });
    const session = new LegacySession({
      ctx,
      header,
      services,
      http: ctx.get(HttpClient),
      apiUrl: field("api_url"),
      username: field("username"),
      password: field("password"),
      sessionToken: field("session_token"),
      responseKey: field("session_token_response_key"),
      loginUrl: field("login_url"),
      validateUrl: field("validate_session_url"),
    });
    const source = new TokenSource<string>({ clock: services.clock, fetch: (reason) => session.token(reason) });
    return new LegacySessionTokenAuthenticator(source, header);
  },
});

interface SessionParts {
  ctx: BuildContext;
  services: AuthServices;
  http: HttpClient;
  apiUrl: CompiledTemplate;
  username: CompiledTemplate;
  password: CompiledTemplate;
  sessionToken: CompiledTemplate;
  responseKey: CompiledTemplate;
  header: string;
  loginUrl: CompiledTemplate;
  validateUrl: CompiledTemplate;
}

/** Obtains a session token: the config's, when the API still accepts it, or a new login. */
class LegacySession {
  private configTokenRejected = false;

  constructor(private readonly parts: SessionParts) {}

  async token(reason: TokenFetchReason): Promise<{ value: string }> {
    const configToken = this.render(this.parts.sessionToken);
    // After a 401 on a data request, the config's token is not tried again.
    if (reason === "rejected") this.configTokenRejected = true;
    if (configToken && !this.configTokenRejected) {
      this.parts.services.secrets.add(configToken);
      if (await this.accepts(configToken)) return { value: configToken };
      this.configTokenRejected = true;
    }
    const username = this.render(this.parts.username);
    const password = this.render(this.parts.password);
    if (!username || !password) {
      throw new AuthenticationError("AUTH_SESSION_NO_CREDENTIALS", "The session token is not valid (or not given), and there is no username and password to log in with", {
        failureType: "config_error",
        where: { manifestPath: this.parts.ctx.path },
        expected: "a session_token the API accepts, or a username and password",
        found: configToken ? "a session token the API rejected with 401" : "neither",
      });
    }
    this.parts.services.secrets.add(password);
    this.parts.services.logger.info("logging in with the username and password for a session token");
    return { value: await this.login(username, password) };
  }

  /** GET validate_session_url with the token: 2xx accepts it, 401 rejects it; anything else fails. */
  private async accepts(token: string): Promise<boolean> {
    const request: OutgoingRequest = { method: "GET", url: this.url(this.parts.validateUrl), params: {}, headers: {} };
    injectRequestValue(request, "header", this.parts.header, token, "LegacySessionTokenAuthenticator");
    const where = { manifestPath: `${this.parts.ctx.path}.validate_session_url` };
    // Retries stay the default (429, 5xx); a 401 is an answer here, not an error.
    const response = await this.parts.http.send(request, { where, errorHandler: { decide: (outcome) => (outcome.response?.status === 401 ? { action: "ignore", reason: "the session token is not valid" } : undefined) } });
    return !response.ignored;
  }

  /** POST login_url with `{"username", "password"}`; the token is at session_token_response_key. */
  private async login(username: string, password: string): Promise<string> {
    const request: OutgoingRequest = { method: "POST", url: this.url(this.parts.loginUrl), params: {}, headers: { "Content-Type": "application/json" }, bodyJson: { username, password } };
    const where = { manifestPath: `${this.parts.ctx.path}.login_url` };
    let body: unknown;
    try {
      body = (await this.parts.http.send(request, { where })).json();
    } catch (error) {
      throw new AuthenticationError("AUTH_SESSION_LOGIN_FAILED", `The session login request failed: ${(error as Error).message}`, {
        failureType: error instanceof HttpRequestError && error.status !== undefined && error.status < 500 ? "config_error" : "transient_error",
        where,
        cause: error,
      });
    }
    const key = this.render(this.parts.responseKey);
    const token = body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
    if (token === undefined || token === null || token === "") {
      throw new AuthenticationError("AUTH_SESSION_TOKEN_MISSING", `The session login response has no '${key}'`, {
        failureType: "config_error",
        where: { manifestPath: `${this.parts.ctx.path}.session_token_response_key` },
        expected: `a token at '${key}'`,
        found: body && typeof body === "object" ? `keys ${Object.keys(body).join(", ") || "(none)"}` : typeof body,
      });
    }
    const value = String(token);
    this.parts.services.secrets.add(value);
    return value;
  }

  private url(path: CompiledTemplate): string {
    return joinUrl(this.render(this.parts.apiUrl), this.render(path));
  }

  private render(template: CompiledTemplate): string {
    return template.render({ config: this.parts.ctx.config, parameters: this.parts.ctx.parameters });
  }
}
