import { Interpolator, ManifestError, Type, defineComponent, jsonSchema, type BudgetRequest, type ComponentFactory } from "../../sdk/index.js";

/** What a {@link HttpRequestRegexMatcher} compares; every given part must match. */
interface MatcherParts {
  method?: string;
  /** Scheme and host, e.g. `https://api.example.com` (a trailing slash is ignored). */
  urlBase?: string;
  /** A regular expression searched for in the URL's path (without its trailing slash). */
  urlPathPattern?: RegExp;
  /** Query parameters the request must carry, with these values. */
  params?: Record<string, string>;
  /** Headers the request must carry (names compared case-insensitively), with these values. */
  headers?: Record<string, string>;
  /** The calls a matching request costs (default 1). */
  weight?: number;
}

/**
 * Matches the requests a rate-limit policy governs, as the kit's `HttpRequestRegexMatcher`: method
 * (case-insensitive), `url_base` (scheme and host), `url_path_pattern` (a regex searched in the path),
 * `params` and `headers` that must be present with these values. An empty matcher matches everything.
 *
 * @example
 * matchers:
 *   - type: HttpRequestRegexMatcher
 *     method: GET
 *     url_base: https://api.hubapi.com
 *     url_path_pattern: "^/crm/v3/objects"
 *     weight: 2
 */
export class HttpRequestRegexMatcher {
  private readonly method?: string;
  private readonly urlBase?: string;

  constructor(private readonly parts: MatcherParts) {
    this.method = parts.method?.toUpperCase();
    this.urlBase = parts.urlBase?.replace(/\/+$/, "");
  }

  get weight(): number | undefined {
    return this.parts.weight;
  }

  matches(request: BudgetRequest): boolean {
    if (this.method !== undefined && request.method.toUpperCase() !== this.method) return false;
    const { urlPathPattern, params, headers } = this.parts;
    if (this.urlBase === undefined && !urlPathPattern && !params && !headers) return true;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return false;
    }
    if (this.urlBase !== undefined && `${url.protocol}//${url.host}` !== this.urlBase) return false;
    if (urlPathPattern && !urlPathPattern.test(url.pathname.replace(/\/+$/, ""))) return false;
    if (params && Object.entries(params).some(([name, value]) => url.searchParams.get(name) !== value)) return false;
    if (headers) {
      const sent = new Map(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
      if (Object.entries(headers).some(([name, value]) => sent.get(name.toLowerCase()) !== value)) return false;
    }
    return true;
  }
}

/** The `HttpRequestRegexMatcher` component. */
export const HttpRequestRegexMatcherComponent: ComponentFactory<HttpRequestRegexMatcher> = defineComponent({
  type: "HttpRequestRegexMatcher",
  kind: "request_matcher",
  description: "Matches the requests a rate-limit policy governs",
  schema: Type.Object({
    method: Type.Optional(Type.String()),
    url_base: Type.Optional(Type.String()),
    url_path_pattern: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    headers: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    weight: Type.Optional(jsonSchema<number | string>({ type: ["integer", "string"] })),
  }),
  build(def, ctx) {
    let pattern: RegExp | undefined;
    if (typeof def.url_path_pattern === "string") {
      try {
        pattern = new RegExp(def.url_path_pattern);
      } catch (error) {
        throw new ManifestError("BUDGET_INVALID", "url_path_pattern is not a valid regular expression", {
          where: { manifestPath: `${ctx.path}.url_path_pattern` },
          expected: "a regular expression",
          found: `${def.url_path_pattern} (${(error as Error).message})`,
        });
      }
    }
    const weight = def.weight === undefined ? undefined : Number(typeof def.weight === "string" ? ctx.get(Interpolator).compile(def.weight, { path: `${ctx.path}.weight` }).eval({ config: ctx.config, parameters: ctx.parameters }) : def.weight);
    if (weight !== undefined && !(Number.isInteger(weight) && weight >= 1)) {
      throw new ManifestError("BUDGET_INVALID", "A matcher's weight must be a whole number of at least 1", { where: { manifestPath: `${ctx.path}.weight` }, expected: "1, 2, ...", found: String(weight) });
    }
    const strings = (value: unknown) => (value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : undefined);
    return new HttpRequestRegexMatcher({
      method: def.method,
      urlBase: def.url_base,
      urlPathPattern: pattern,
      params: strings(def.params),
      headers: strings(def.headers),
      weight,
    });
  },
});
