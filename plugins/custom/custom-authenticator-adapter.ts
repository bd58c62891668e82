import { Authenticator, Secrets, injectRequestValue, type BeforeSendContext, type EncodedRequest, type ErrorLocation, type InjectionTarget, type OutgoingRequest } from "../../sdk/index.js";
import { guardCustomCall } from "./guard-custom-call.js";

/** How a custom authenticator is written. */
export type AuthenticatorStyle = "typescript" | "python";

/** Options of {@link CustomAuthenticatorAdapter}. */
interface CustomAuthenticatorAdapterOptions {
  className: string;
  /** `typescript`: extends `Authenticator` (`apply`, `onUnauthorized`); `python`: the kit's `DeclarativeAuthenticator` shape. */
  style: AuthenticatorStyle;
  where: ErrorLocation;
  /** Where the values a custom authenticator sends are registered for redaction. */
  secrets?: Secrets;
}

type AnyAuthenticator = Record<string, unknown>;

/**
 * Puts a custom authenticator behind the SDK's `Authenticator`: its errors name the class with the
 * original as `cause` (the engine adds the stream and page of the request). A Python-style port of
 * the kit's `DeclarativeAuthenticator` works too: `get_auth_header()` (or `auth_header` + `token`),
 * and optional `get_request_params()`, `get_request_body_data()`, `get_request_body_json()`.
 *
 * @example
 * // a port of a Python authenticator, used as is
 * export class ShortLivedToken {
 *   constructor(options) { this.options = options; }
 *   get auth_header() { return "X-Token"; }
 *   get token() { return this.options.config.token; }
 * }
 */
export class CustomAuthenticatorAdapter extends Authenticator {
  constructor(
    /** The custom instance. */
    readonly inner: unknown,
    private readonly options: CustomAuthenticatorAdapterOptions,
  ) {
    super();
    // A TypeScript authenticator's own beforeSend step (a signer) runs through the seam too; none is added otherwise.
    const step = (inner as AnyAuthenticator | null)?.beforeSend;
    if (options.style === "typescript" && typeof step === "function") {
      this.beforeSend = (request: EncodedRequest, context: BeforeSendContext) => this.guard("beforeSend", () => step.call(inner, request, context)) as void | Promise<void>;
    }
  }

  async apply(request: OutgoingRequest): Promise<void> {
    const inner = this.inner as AnyAuthenticator;
    if (this.options.style === "typescript") {
      const before = sentValues(request);
      await this.guard("apply", () => (inner.apply as Function).call(inner, request));
      // What the class derived for this request (a signed token, a signature) is masked like any credential.
      for (const value of sentValues(request)) if (!before.has(value)) this.options.secrets?.add(value, { perRequest: true });
      return;
    }
    const source = this.options.className;
    const headers = (await this.guard("get_auth_header", () => pythonHeaders(inner))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(headers)) this.send(request, "header", name, value, source);
    const parts = [
      ["get_request_params", "request_parameter"],
      ["get_request_body_data", "body_data"],
      ["get_request_body_json", "body_json"],
    ] as const;
    for (const [method, target] of parts) {
      if (typeof inner[method] !== "function") continue;
      const values = (await this.guard(method, () => (inner[method] as Function).call(inner))) as Record<string, unknown> | null | undefined;
      for (const [name, value] of Object.entries(values ?? {})) this.send(request, target, name, value, source);
    }
  }

  override async onUnauthorized(request?: OutgoingRequest): Promise<boolean> {
    const inner = this.inner as AnyAuthenticator;
    if (this.options.style !== "typescript" || typeof inner.onUnauthorized !== "function") return false;
    return Boolean(await this.guard("onUnauthorized", () => (inner.onUnauthorized as Function).call(inner, request)));
  }

  private send(request: OutgoingRequest, target: InjectionTarget, name: string, value: unknown, source: string): void {
    if (value === undefined || value === null) return;
    this.options.secrets?.add(value);
    injectRequestValue(request, target, name, value, source);
  }

  private guard(method: string, run: () => unknown): unknown {
    return guardCustomCall(run, { className: this.options.className, method, where: this.options.where });
  }
}

/** The header, query parameter and top-level body values of a request. */
function sentValues(request: OutgoingRequest): Set<string> {
  const values = new Set<string>(Object.values(request.headers));
  for (const value of Object.values(request.params)) for (const item of Array.isArray(value) ? value : [value]) values.add(String(item));
  for (const body of [request.bodyJson, request.bodyData]) {
    if (body === undefined || typeof body === "string") continue;
    for (const value of Object.values(body)) if (typeof value === "string" || typeof value === "number") values.add(String(value));
  }
  return values;
}

/** The kit's `get_auth_header()`: `{ [auth_header]: token }` when there is an `auth_header`, else `{}`. */
function pythonHeaders(inner: AnyAuthenticator): unknown {
  if (typeof inner.get_auth_header === "function") return (inner.get_auth_header as Function).call(inner) ?? {};
  const header = inner.auth_header;
  return header ? { [String(header)]: inner.token } : {};
}
