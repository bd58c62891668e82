import type { StreamModel } from "./stream-model.js";

/** A path a mock answers, made from a manifest path template (`/users/{{ stream_partition.id }}/posts`). */
export interface Route<T> {
  pattern: RegExp;
  /** Literal characters in the template: the more, the more specific the route. */
  weight: number;
  /**
   * Quoted text inside the template's expressions (`{{ 'me/organizations' if ... else 'organizations/' ~ id }}`):
   * a path written entirely as an expression is matched by the fragments the request path contains.
   */
  fragments: string[];
  target: T;
}

/**
 * A route for a path template: templates match anything, literal parts match themselves, the path
 * matches at the end of the request path (after `url_base`'s own path), at a `/` boundary.
 *
 * @example
 * routeFor("users/{{ stream_partition.id }}", model).pattern.test("/v1/users/42") // true
 */
export function routeFor<T>(template: string, target: T): Route<T> {
  // A query string written into the path is not part of the request's path, unless it is the route
  // itself (`index.php?/api/v2/get_plans/{{ id }}`, matched against the path and the query's first part).
  const path = template.trim().replace(/\?(?!\/)(?![^{]*\}\}).*$/s, "").replace(/^\/+/, "").replace(/\/+$/, "");
  const parts = path.split(/\{\{.*?\}\}|\{%.*?%\}/s);
  const body = parts.map(escape).join(".*?");
  const expressions = path.match(/\{\{.*?\}\}/gs) ?? [];
  const fragments = expressions.flatMap((e) => [...e.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => (m[1] ?? m[2]!).replace(/^\/+|\/+$/g, ""))).filter((f) => /[a-z]/i.test(f));
  return { pattern: new RegExp(`(?:^|/)${body}/?$`), weight: parts.join("").length, fragments, target };
}

/** How well a route fits a request path: its literal length, or, for a path that is all expression, the length of its distinct fragments found in the path. */
function score<T>(route: Route<T>, path: string): number | undefined {
  if (!route.pattern.test(path)) return undefined;
  if (route.weight > 0 || route.fragments.length === 0) return route.weight;
  const found = [...new Set(route.fragments)].filter((f) => path.includes(f));
  return found.length > 0 ? found.reduce((sum, f) => sum + f.length, 0) : -1;
}

/**
 * The stream a request is for: the most specific matching route; between equals, the stream being read.
 *
 * @example
 * matchStream(routes, "/v1/users", "users")?.name // "users"
 */
export function matchStream(routes: readonly Route<StreamModel>[], path: string, current: string | undefined): StreamModel | undefined {
  let best: Route<StreamModel>[] = [];
  let bestScore = -Infinity;
  for (const route of routes) {
    const fit = score(route, path);
    if (fit === undefined) continue;
    if (fit > bestScore) [best, bestScore] = [[route], fit];
    else if (fit === bestScore) best.push(route);
  }
  return (best.find((r) => r.target.name === current) ?? best[0])?.target;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
