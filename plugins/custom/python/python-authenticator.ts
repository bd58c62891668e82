import { Authenticator, CustomCodeError, injectRequestValue, type EncodedRequest, type OutgoingRequest, type PythonObject, type Secrets } from "../../../sdk/index.js";

const REQUEST_PARTS = [
  ["get_request_params", "request_parameter"],
  ["get_request_body_data", "body_data"],
  ["get_request_body_json", "body_json"],
] as const;

/**
 * A Python `DeclarativeAuthenticator` (or `NoAuth`, or any `AuthBase`-style class with `__call__`).
 * `apply` adds what its own `get_request_params()` / `get_request_body_data()` / `get_request_body_json()`
 * return; `beforeSend` calls it with the request as it will be sent (a `PreparedRequest`: method, URL
 * with its query, headers, body) and sends what it leaves there: its headers, URL and body, through
 * Sluice's HTTP client (the values it added are masked like every credential; a URL on another origin
 * is refused). Both may send the component's own requests (a token request) through Sluice's client.
 *
 * @example
 * # components.py
 * class Signed(DeclarativeAuthenticator):
 *     def __call__(self, request):
 *         request.headers["X-Signature"] = hmac.new(KEY, request.path_url.encode(), "sha256").hexdigest()
 *         return request
 */
export class PythonAuthenticator extends Authenticator {
  constructor(
    private readonly remote: PythonObject,
    private readonly secrets?: Secrets,
  ) {
    super();
  }

  async apply(request: OutgoingRequest): Promise<void> {
    for (const [method, target] of REQUEST_PARTS) {
      if (!this.remote.methods.includes(method)) continue;
      const values = ((await this.remote.call(method)) ?? {}) as Record<string, unknown> | string;
      if (typeof values === "string") {
        if (values) request.bodyData = values;
        continue;
      }
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined || value === null) continue;
        this.secrets?.add(value);
        injectRequestValue(request, target, name, value, this.remote.className);
      }
    }
  }

  override async beforeSend(request: EncodedRequest): Promise<void> {
    const signed = (await this.remote.request("sign", { request }, "__call__")) as EncodedRequest;
    if (new URL(signed.url).origin !== new URL(request.url).origin) {
      throw new CustomCodeError("CUSTOM_CODE_FAILED", `${this.remote.className}.__call__ moved the request to another origin`, {
        where: { component: this.remote.className },
        expected: `a URL on ${new URL(request.url).origin}`,
        found: new URL(signed.url).origin,
      });
    }
    request.url = signed.url;
    for (const name of Object.keys(request.headers)) delete request.headers[name];
    Object.assign(request.headers, signed.headers);
    if (signed.body === null || signed.body === undefined) delete request.body;
    else request.body = signed.body;
  }
}
