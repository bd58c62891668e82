import { isoDurationLengthMs, parseIsoDuration } from "../../python/index.js";
import {
  AuthenticationError,
  Authenticator,
  Clock,
  HttpClient,
  Interpolator,
  Type,
  componentSchema,
  defineComponent,
  injectRequestValue,
  type BudgetRequest,
  type BudgetResponse,
  type BuildContext,
  type ComponentFactory,
  type Static,
  type Logger,
  type OutgoingRequest,
} from "../../sdk/index.js";
import { authServices } from "./auth-context.js";
import { QuotaPools } from "./quota-pools.js";
import type { QuotaStatusSource } from "./quota-status-source.js";
import type { TokenQuota } from "./token-quota.js";

/**
 * `RateLimitedMultipleTokenAuthenticator`: several interchangeable tokens (GitHub personal access tokens),
 * each with its own quota pools. Every request is classified into a pool by the pools' matchers and
 * charged to the active token; a spent token is rotated past, and when every token is spent the request
 * waits for the earliest reset, at most `max_wait_time`, then fails with `AUTH_QUOTA_EXHAUSTED`. The
 * counters are seeded per token from `quota_status_source` before the first request and after an
 * exhaustion wait, and reconciled with the pools' response headers on every response. A rate-limited
 * response (429 by default) whose token is spent is retried at once on another token. One instance
 * serves every stream of the connector, so they share the counters. Tokens are masked everywhere.
 *
 * @example
 * authenticator:
 *   type: RateLimitedMultipleTokenAuthenticator
 *   tokens: "{{ config['credentials']['personal_access_token'] }}"   # "ghp_a,ghp_b"
 *   auth_method: token
 *   quota_status_source: { type: QuotaStatusSource, url: "https://api.github.com/rate_limit" }
 *   quotas:
 *     - type: TokenQuota
 *       name: core
 *       remaining_path: [resources, core, remaining]
 *       reset_path: [resources, core, reset]
 *       remaining_header: X-RateLimit-Remaining
 *       reset_header: X-RateLimit-Reset
 */
export class RateLimitedMultipleTokenAuthenticator extends Authenticator {
  private unmatchedLogged = false;

  constructor(
    private readonly pools: QuotaPools,
    private readonly quotas: readonly TokenQuota[],
    private readonly header: string,
    private readonly authMethod: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  override async apply(request: OutgoingRequest): Promise<void> {
    await this.pools.ensureSeeded();
    const token = await this.pools.acquire(this.quotaOf(wireForm(request)));
    injectRequestValue(request, "header", this.header, this.headerValue(token), "RateLimitedMultipleTokenAuthenticator");
  }

  override onResponse(request: BudgetRequest, response: BudgetResponse): void {
    const sender = this.sender(request.headers);
    if (sender !== undefined) this.pools.update(sender, this.quotaOf(request), response.status, (name) => response.header(name));
  }

  override hasAlternativeCredential(request: OutgoingRequest): boolean {
    const sender = this.sender(request.headers);
    return sender !== undefined && this.pools.hasAlternative(sender, this.quotaOf(wireForm(request)));
  }

  private headerValue(token: string): string {
    return `${this.authMethod} ${token}`.trim();
  }

  /** The first pool a matcher of which matches; else the first pool without matchers; else the first pool. */
  private quotaOf(request: BudgetRequest): TokenQuota {
    const matched = this.quotas.find((q) => q.matchers.some((m) => m.matches(request)));
    if (matched) return matched;
    const fallback = this.quotas.find((q) => q.matchers.length === 0);
    if (!fallback && !this.unmatchedLogged) {
      this.unmatchedLogged = true;
      this.logger.warn(`A request matched no quota pool; falling back to '${this.quotas[0].name}'. Consider defining a matcher-less default pool.`);
    }
    return fallback ?? this.quotas[0];
  }

  /** The token a request was signed with, read back from its header (undefined when it is not one of ours). */
  private sender(headers: Readonly<Record<string, string>>): string | undefined {
    const name = this.header.toLowerCase();
    const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    if (!value) return undefined;
    const prefix = this.authMethod ? `${this.authMethod} ` : "";
    if (!value.startsWith(prefix)) return undefined;
    const token = value.slice(prefix.length).trim();
    return this.pools.has(token) ? token : undefined;
  }
}

/** The request as a matcher sees it on the wire: its query parameters in the URL. */
function wireForm(request: OutgoingRequest): BudgetRequest {
  const entries = Object.entries(request.params);
  if (!entries.length) return request;
  try {
    const url = new URL(request.url);
    for (const [key, value] of entries) for (const item of Array.isArray(value) ? value : [value]) if (!url.searchParams.has(key)) url.searchParams.append(key, String(item));
    return { method: request.method, url: url.toString(), headers: request.headers };
  } catch {
    return request;
  }
}

function render(ctx: BuildContext, text: string, path: string): string {
  // With the config only, as the kit renders these fields (its factory passes no parameters).
  return ctx.get(Interpolator).compile(text, { path, names: [] }).render({ config: ctx.config, parameters: {} });
}

/** `tokens` as the kit reads it: one string split on `token_delimiter`, or a list; each stripped, empty ones dropped. */
function readTokens(def: { tokens: string | string[]; token_delimiter?: string }, ctx: BuildContext): string[] {
  const raw = typeof def.tokens === "string" ? render(ctx, def.tokens, `${ctx.path}.tokens`).split(def.token_delimiter || ",") : def.tokens.map((t, i) => render(ctx, t, `${ctx.path}.tokens[${i}]`));
  const tokens = raw.map((t) => t.trim()).filter((t) => t !== "");
  if (!tokens.length) {
    throw new AuthenticationError("AUTH_TOKENS_MISSING", "Authentication tokens are missing from the configuration: RateLimitedMultipleTokenAuthenticator.tokens rendered no token", {
      where: { manifestPath: `${ctx.path}.tokens` },
      expected: "at least one token",
      found: "only empty values",
    });
  }
  return tokens;
}

function maxWaitMs(text: string, ctx: BuildContext): number {
  const duration = parseIsoDuration(text);
  if (!duration || duration.months || duration.years) {
    throw new AuthenticationError("AUTH_DEFINITION_INVALID", `max_wait_time must be a fixed-length ISO 8601 duration (e.g. 'PT2H'); '${text}' is not`, { where: { manifestPath: `${ctx.path}.max_wait_time` }, expected: "PT2H, PT30M, P1D", found: text });
  }
  return isoDurationLengthMs(duration);
}

/** The fields of a `RateLimitedMultipleTokenAuthenticator`, with the kit's titles and descriptions. */
const SCHEMA = Type.Object({
  type: Type.Optional(Type.Literal("RateLimitedMultipleTokenAuthenticator")),
  tokens: Type.Union([Type.String(), Type.Array(Type.String(), { minItems: 1 })], { title: "Tokens", description: "The tokens to rotate between. Either an explicit list of tokens, or a single string containing multiple tokens separated by `token_delimiter`." }),
  token_delimiter: Type.Optional(Type.String({ title: "Token Delimiter", description: "Delimiter used to split a single token string into multiple tokens.", default: "," })),
  auth_method: Type.Optional(Type.String({ title: "Auth Method", description: "The prefix to prepend to the token in the auth header value (e.g. `Authorization: Bearer <token>`).", default: "Bearer" })),
  header: Type.Optional(Type.String({ title: "Header Name", description: "The name of the HTTP header in which to inject the token.", default: "Authorization" })),
  quota_status_source: componentSchema("quota_status_source"),
  quotas: Type.Array(componentSchema("token_quota"), { minItems: 1, title: "Quota Pools", description: "Quota pools tracked per token. Each outgoing request is classified into the first pool whose matchers match the request; a pool with no matchers acts as the default." }),
  max_wait_time: Type.Optional(Type.String({ title: "Maximum Wait Time", description: "ISO 8601 duration. When all tokens are exhausted, the maximum time to wait for a quota reset before raising a transient error.", default: "PT2H" })),
  budget_reserve_fraction: Type.Optional(Type.Number({ title: "Budget Reserve Fraction", description: "Fraction of each token's quota to keep in reserve. When every token drops below its reserve, requests are proactively throttled to spread the remaining calls until the quota reset. Set to 0 (along with `budget_min_reserve`) to disable throttling.", default: 0.1 })),
  budget_min_reserve: Type.Optional(Type.Integer({ title: "Budget Minimum Reserve", description: "Minimum number of calls to keep in reserve per token before proactive throttling kicks in.", default: 50 })),
}, { title: "Rate Limited Multiple Token Authenticator" });

/** A definition as the schema checked it. */
type Definition = Static<typeof SCHEMA>;

/** The `RateLimitedMultipleTokenAuthenticator` component. */
export const RateLimitedMultipleTokenAuthenticatorComponent: ComponentFactory<RateLimitedMultipleTokenAuthenticator> = defineComponent({
  type: "RateLimitedMultipleTokenAuthenticator",
  kind: "authenticator",
  description:
    "Authenticator that rotates between multiple interchangeable tokens, tracking each token's remaining call quota. Outgoing requests are classified into quota pools using request matchers. When the active token's quota for the matched pool is exhausted, the authenticator rotates to the next token. When all tokens are exhausted, it waits until the earliest quota reset (bounded by `max_wait_time`) before resuming. Quota counters are seeded per token from `quota_status_source` at startup and refreshed after an exhaustion wait.",
  examples: [{ tokens: "{{ config['credentials']['personal_access_token'] }}", quota_status_source: { type: "QuotaStatusSource", url: "https://api.github.com/rate_limit" }, quotas: [{ type: "TokenQuota", name: "core", remaining_path: ["resources", "core", "remaining"], reset_path: ["resources", "core", "reset"] }] }],
  fieldDefaults: { quota_status_source: "QuotaStatusSource", quotas: "TokenQuota" },
  schema: SCHEMA,
  shared: true,
  build(def, ctx) {
    // One instance per connector for one definition, whatever `$parameters` the streams propagated into it
    // (the kit keys its instances on the resolved arguments the same way), so every stream shares the counters.
    const connector = ctx.get(HttpClient) as object;
    const built = instances.get(connector) ?? new Map<string, Promise<RateLimitedMultipleTokenAuthenticator>>();
    instances.set(connector, built);
    const key = identity(def);
    let instance = built.get(key);
    if (!instance) {
      instance = create(def, ctx);
      built.set(key, instance);
    }
    return instance;
  },
});

/**
 * The identity of a definition: the fields of its schemas only, so the `$parameters` each stream propagates
 * down (copied onto every nested component) do not make two definitions of one authenticator different.
 */
function identity(def: Definition): string {
  const pick = (value: unknown, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)?.[key]]));
  const quota = (q: unknown) => ({
    ...pick(q, ["name", "remaining_path", "reset_path", "limit_path", "remaining_header", "reset_header", "limit_header", "exhaustion_status_codes"]),
    matchers: (((q as { matchers?: unknown[] }).matchers) ?? []).map((m) => pick(m, ["type", "method", "url_base", "url_path_pattern", "params", "headers", "weight"])),
  });
  return JSON.stringify({
    ...pick(def, Object.keys(SCHEMA.properties).filter((key) => key !== "quotas" && key !== "quota_status_source")),
    quota_status_source: pick(def.quota_status_source, ["url", "http_method", "request_headers", "unavailable_status_codes"]),
    quotas: def.quotas.map(quota),
  });
}

/** The instances built per connector (keyed by its HTTP client) and definition. */
const instances = new WeakMap<object, Map<string, Promise<RateLimitedMultipleTokenAuthenticator>>>();

/** Builds the authenticator: tokens (masked from now on), pools, status source and counters. */
async function create(def: Definition, ctx: BuildContext): Promise<RateLimitedMultipleTokenAuthenticator> {
  const services = authServices(ctx);
  const tokens = readTokens(def, ctx);
  for (const token of tokens) services.secrets.add(token);
  const quotas = await Promise.all(def.quotas.map((q, i) => ctx.buildChild<TokenQuota>(q, `${ctx.path}.quotas[${i}]`)));
  const source = await ctx.build<QuotaStatusSource>("quota_status_source");
  const header = def.header || "Authorization";
  const authMethod = def.auth_method ?? "Bearer";
  const pools = new QuotaPools({
    tokens,
    quotas,
    clock: ctx.get(Clock),
    logger: services.logger,
    maxWaitMs: maxWaitMs(render(ctx, def.max_wait_time ?? "PT2H", `${ctx.path}.max_wait_time`).trim(), ctx),
    budgetReserveFraction: def.budget_reserve_fraction ?? 0.1,
    budgetMinReserve: def.budget_min_reserve ?? 50,
    seed: async () => {
      const now = ctx.get(Clock).now();
      const read = await Promise.all(tokens.map((token) => source.read({ header, value: `${authMethod} ${token}`.trim() }, quotas, now)));
      return new Map(tokens.map((token, i) => [token, read[i]]));
    },
  });
  return new RateLimitedMultipleTokenAuthenticator(pools, quotas, header, authMethod, services.logger);
}
