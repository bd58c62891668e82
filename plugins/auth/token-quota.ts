import { Type, componentSchema, defineComponent, type BudgetRequest, type ComponentFactory } from "../../sdk/index.js";

/** What a quota pool needs of a request matcher (an `HttpRequestRegexMatcher`). */
export interface QuotaRequestMatcher {
  matches(request: BudgetRequest): boolean;
}

/**
 * `TokenQuota`: one named quota pool each token of a `RateLimitedMultipleTokenAuthenticator` has (GitHub's
 * `core`, `search`, `graphql`). Its `matchers` classify requests into it (a pool without matchers is the
 * default); `remaining_path`/`reset_path`/`limit_path` find its numbers in the quota status answer; the
 * optional `remaining_header`/`reset_header`/`limit_header`/`exhaustion_status_codes` reconcile it with
 * every response.
 *
 * @example
 * quotas:
 *   - type: TokenQuota
 *     name: search
 *     remaining_path: [resources, search, remaining]
 *     reset_path: [resources, search, reset]
 *     matchers: [{ type: HttpRequestRegexMatcher, url_path_pattern: "^/search/" }]
 *     remaining_header: X-RateLimit-Remaining
 *     reset_header: X-RateLimit-Reset
 *     exhaustion_status_codes: [403, 429]
 */
export class TokenQuota {
  constructor(
    readonly name: string,
    readonly remainingPath: readonly string[],
    readonly resetPath: readonly string[],
    readonly limitPath: readonly string[] | undefined,
    readonly matchers: readonly QuotaRequestMatcher[],
    readonly headers: { remaining?: string; reset?: string; limit?: string },
    readonly exhaustionStatusCodes: readonly number[],
  ) {}

  /** Whether responses can correct this pool (the kit's `is_response_aware`). */
  get responseAware(): boolean {
    return Boolean(this.headers.remaining || this.headers.reset || this.headers.limit || this.exhaustionStatusCodes.length);
  }
}

const path = (title: string, description: string) => Type.Array(Type.String(), { title, description });
const header = (title: string, description: string) => Type.Optional(Type.String({ title, description }));

/** The `TokenQuota` component. */
export const TokenQuotaComponent: ComponentFactory<TokenQuota> = defineComponent({
  type: "TokenQuota",
  kind: "token_quota",
  description: "A named per-token quota pool with matchers that classify outgoing requests into the pool.",
  examples: [{ name: "core", remaining_path: ["resources", "core", "remaining"], reset_path: ["resources", "core", "reset"] }],
  fieldDefaults: { matchers: "HttpRequestRegexMatcher" },
  schema: Type.Object({
    name: Type.String({ title: "Name", description: "Name of the quota pool." }),
    remaining_path: path("Remaining Path", "Path to the remaining call count for this pool in the quota status response."),
    reset_path: path("Reset Path", "Path to the quota reset timestamp for this pool in the quota status response."),
    limit_path: Type.Optional(path("Limit Path", "Optional path to the total call limit for this pool in the quota status response. Used to compute the proactive throttling reserve; falls back to the initially observed remaining count when not set.")),
    matchers: Type.Optional(Type.Array(componentSchema("request_matcher"), { title: "Matchers", description: "List of matchers that classify outgoing requests into this quota pool. The first pool whose matcher matches a request is used. A pool with no matchers acts as the default pool." })),
    remaining_header: header("Remaining Header", "Optional response header carrying the remaining call count for this pool, reconciled on every response."),
    reset_header: header("Reset Header", "Optional response header carrying the quota reset timestamp for this pool (epoch seconds or ISO 8601)."),
    limit_header: header("Limit Header", "Optional response header carrying the total call limit for this pool."),
    exhaustion_status_codes: Type.Optional(Type.Array(Type.Integer(), { title: "Exhaustion Status Codes", description: "Response status codes that mean this token's pool is spent: such a response without a remaining count sets the pool to zero, so the next request rotates to another token." })),
  }, { title: "Token Quota" }),
  async build(def, ctx) {
    const matchers = await Promise.all((def.matchers ?? []).map((m, i) => ctx.buildChild<QuotaRequestMatcher>(m, `${ctx.path}.matchers[${i}]`)));
    return new TokenQuota(
      def.name,
      def.remaining_path,
      def.reset_path,
      def.limit_path,
      matchers,
      { remaining: def.remaining_header, reset: def.reset_header, limit: def.limit_header },
      def.exhaustion_status_codes ?? [],
    );
  },
});
