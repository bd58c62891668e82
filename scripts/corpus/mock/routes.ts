import type { StreamModel } from "./stream-model.js";

/** A path a mock answers, made from a manifest path template (`/users/{{ stream_partition.id }}/posts`). */
export interface Route<T> {
  pattern: RegExp;
  /** Literal characters in the template: the more, the more specific the route. */
  weight: number;
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
  // A query string written into the path is not part of the request's path.
  const path = template.trim().replace(/\?(?![^{]*\}\}).*$/s, "").replace(/^\/+/, "").replace(/\/+$/, "");
  const parts = path.split(/\{\{.*?\}\}|\{%.*?%\}/s);
  const body = parts.map(escape).join(".*?");
  return { pattern: new RegExp(`(?:^|/)${body}/?$`), weight: parts.join("").length, target };
}

/**
 * The stream a request is for: the most specific matching route; between equals, the stream being read.
 *
 * @example
 * matchStream(routes, "/v1/users", "users")?.name // "users"
 */
export function matchStream(routes: readonly Route<StreamModel>[], path: string, current: string | undefined): StreamModel | undefined {
  let best: Route<StreamModel>[] = [];
  for (const route of routes) {
    if (!route.pattern.test(path)) continue;
    if (best.length === 0 || route.weight > best[0]!.weight) best = [route];
    else if (route.weight === best[0]!.weight) best.push(route);
  }
  return (best.find((r) => r.target.name === current) ?? best[0])?.target;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
