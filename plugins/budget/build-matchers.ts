import { Type, componentSchema, type BuildContext, type ComponentDefinition } from "../../sdk/index.js";
import type { HttpRequestRegexMatcher } from "./http-request-regex-matcher.js";

/** Builds a policy's `matchers` (their `type` defaults to `HttpRequestRegexMatcher`, see {@link MATCHER_DEFAULTS}). */
export function buildMatchers(def: { matchers?: readonly ComponentDefinition[] }, ctx: BuildContext): Promise<HttpRequestRegexMatcher[]> {
  const list = def.matchers ?? [];
  return Promise.all(list.map((m, i) => ctx.buildChild<HttpRequestRegexMatcher>(m, `${ctx.path}.matchers[${i}]`)));
}

/** The schema of a policy's `matchers`. */
export const MATCHERS_SCHEMA = Type.Array(componentSchema("request_matcher"));

/** A policy's field defaults: a matcher without `type` is an `HttpRequestRegexMatcher`. */
export const MATCHER_DEFAULTS = { matchers: "HttpRequestRegexMatcher" } as const;
