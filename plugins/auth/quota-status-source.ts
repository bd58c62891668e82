import {
  AuthenticationError,
  HttpClient,
  Interpolator,
  Type,
  defineComponent,
  type ComponentFactory,
  type ConnectorConfig,
  type HttpResponse,
} from "../../sdk/index.js";
import { getPath } from "../../python/index.js";
import { parseCount, parseResetTime } from "./quota-reset-time.js";
import type { TokenQuota } from "./token-quota.js";

/** What a token has left of one pool; `tracked: false` when the endpoint said quota tracking is off. */
export interface QuotaState {
  remaining: number;
  /** Epoch milliseconds. */
  resetAt: number;
  limit: number;
  tracked: boolean;
}

/**
 * `QuotaStatusSource`: the endpoint that tells what one token has left (GitHub's `/rate_limit`). It is
 * asked once per token when the first request is signed and again after an exhaustion wait, never per
 * data request, and never through the read's response cache (quota values change with every call). A
 * status in `unavailable_status_codes` means "quota tracking is off here": the token's pools are then
 * untracked. Any other failing status fails the read, as in the kit.
 *
 * @example
 * quota_status_source:
 *   type: QuotaStatusSource
 *   url: "{{ config.get('api_url', 'https://api.github.com') }}/rate_limit"
 *   unavailable_status_codes: [404]
 */
export class QuotaStatusSource {
  constructor(
    private readonly http: HttpClient,
    private readonly request: { url: string; method: "GET" | "POST"; headers: Record<string, string> },
    private readonly unavailable: ReadonlySet<number>,
    private readonly path: string,
  ) {}

  /** The pools of the token that signs with `auth` (a header name and value), read from the endpoint. */
  async read(auth: { header: string; value: string }, quotas: readonly TokenQuota[], now: number): Promise<Map<string, QuotaState>> {
    const response = await this.http.send(
      { method: this.request.method, url: this.request.url, params: {}, headers: { ...this.request.headers, [auth.header]: auth.value } },
      {
        where: { manifestPath: this.path },
        errorHandler: { decide: ({ response: r }) => (r && this.unavailable.has(r.status) ? { action: "ignore", reason: "quota tracking is unavailable" } : undefined) },
      },
    );
    if (this.unavailable.has(response.status)) return new Map(quotas.map((q) => [q.name, { remaining: 0, resetAt: now, limit: 0, tracked: false }]));
    const body = this.body(response);
    return new Map(
      quotas.map((quota) => {
        const remaining = this.number(body, quota.remainingPath, quota.name, "remaining", parseCount);
        const resetAt = this.number(body, quota.resetPath, quota.name, "reset", parseResetTime);
        const limit = quota.limitPath ? this.number(body, quota.limitPath, quota.name, "limit", parseCount) : remaining;
        return [quota.name, { remaining, resetAt, limit, tracked: true }];
      }),
    );
  }

  private body(response: HttpResponse): unknown {
    try {
      return response.json();
    } catch {
      throw this.invalid("The quota status response is not JSON", "a JSON object", "another body");
    }
  }

  private number(body: unknown, path: readonly string[], pool: string, field: string, parse: (value: unknown) => number | undefined): number {
    const { found, value } = getPath(body, path);
    if (!found) throw this.invalid(`Quota status response does not contain the configured ${field} path for token quota "${pool}"`, `a value at ${JSON.stringify(path)}`, "no such key");
    const parsed = parse(value);
    if (parsed === undefined) throw this.invalid(`The ${field} value of token quota "${pool}" in the quota status response cannot be read`, field === "reset" ? "epoch seconds or an ISO 8601 date-time" : "an integer", JSON.stringify(value));
    return parsed;
  }

  private invalid(message: string, expected: string, found: string): AuthenticationError {
    return new AuthenticationError("AUTH_QUOTA_STATUS_INVALID", message, { where: { manifestPath: this.path }, expected, found });
  }
}

/** Renders the status request's templates (`url`, `request_headers` values) with the config. */
function render(interpolator: Interpolator, text: string, path: string, config: ConnectorConfig): string {
  return interpolator.compile(text, { path, names: [] }).render({ config, parameters: {} });
}

/** The `QuotaStatusSource` component. */
export const QuotaStatusSourceComponent: ComponentFactory<QuotaStatusSource> = defineComponent({
  type: "QuotaStatusSource",
  kind: "quota_status_source",
  description: "Describes the endpoint from which a token's current rate limit quota status can be fetched.",
  examples: [{ url: "https://api.github.com/rate_limit" }],
  schema: Type.Object({
    url: Type.String({ title: "URL", description: "The full URL of the quota status endpoint." }),
    http_method: Type.Optional(Type.Union([Type.Literal("GET"), Type.Literal("POST")], { title: "HTTP Method", description: "The HTTP method used to fetch the quota status.", default: "GET" })),
    request_headers: Type.Optional(Type.Record(Type.String(), Type.String(), { title: "Request Headers", description: "Additional headers to send with the quota status request." })),
    unavailable_status_codes: Type.Optional(Type.Array(Type.Integer(), { title: "Unavailable Status Codes", description: "Status codes from the quota status endpoint that mean quota tracking is unavailable rather than broken, such as a self-hosted deployment with rate limiting turned off. Every pool of the token whose request returned that status is then treated as untracked. Do not list authentication or authorization statuses.", uniqueItems: true })),
  }, { title: "Quota Status Source" }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const headers = Object.fromEntries(Object.entries(def.request_headers ?? {}).map(([name, value]) => [name, render(interpolator, value, `${ctx.path}.request_headers.${name}`, ctx.config)]));
    const request = { url: render(interpolator, def.url, `${ctx.path}.url`, ctx.config), method: def.http_method ?? "GET", headers };
    return new QuotaStatusSource(ctx.get(HttpClient), request, new Set(def.unavailable_status_codes ?? []), ctx.path);
  },
});
