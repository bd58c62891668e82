import type { HttpResponse } from "../../sdk/index.js";

/**
 * The `response` a pagination template sees: the body's first decoded element, as the kit's
 * `JsonDecoder` yields it. A JSON object is itself; a top-level array is its first element (`{}` when
 * empty); an empty or non-JSON body is `{}`.
 *
 * @example
 * // GitHub-style body: [{ "id": 1 }, { "id": 2 }]  ->  response = { id: 1 }
 */
export function decodedResponse(response: HttpResponse): unknown {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return {};
  }
  if (Array.isArray(body)) return body.length > 0 ? body[0] : {};
  return body ?? {};
}

/**
 * The `headers` a pagination template sees: every header under the name the server sent, plus
 * `link`, the parsed Link header keyed by `rel` (`headers.link.next.url`). Unlike the kit's plain
 * dict, a name that is not found as written is looked up case-insensitively, so
 * `headers['x-next-cursor']` finds `X-Next-Cursor`.
 *
 * @example
 * // Link: <https://api.github.com/user/repos?page=3>; rel="next"
 * headers.link.next.url  // "https://api.github.com/user/repos?page=3"
 */
export function templateHeaders(response: HttpResponse): Record<string, unknown> {
  // Filled at the first enumeration (`headers.items()`, `headers | length`): copying every header costs
  // node-fetch's `raw()`, about 20 µs a page, where a template usually reads one or two names.
  const dict: Record<string, unknown> = {};
  let filled = false;
  const fill = (): void => {
    if (filled) return;
    filled = true;
    for (const [name, value] of response.headers.entries()) dict[name] = value;
    dict.link = response.links;
  };
  // Every name is found case-insensitively: the one the server sent, as written, holds the same value.
  const lookup = (key: string | symbol): unknown => {
    if (typeof key !== "string") return undefined;
    return key === "link" ? response.links : (response.headers.get(key) ?? undefined);
  };
  return new Proxy(dict, {
    get(target, key, receiver) {
      const value = lookup(key);
      return value !== undefined ? value : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return lookup(key) !== undefined || key in target;
    },
    ownKeys(target) {
      fill();
      return Reflect.ownKeys(target);
    },
    // A lookup of one name (the template engine asks whether it is the object's own) copies nothing.
    getOwnPropertyDescriptor(target, key) {
      const own = filled ? Reflect.getOwnPropertyDescriptor(target, key) : undefined;
      if (own) return own;
      const value = lookup(key);
      return value === undefined ? undefined : { value, writable: false, enumerable: false, configurable: true };
    },
  });
}
