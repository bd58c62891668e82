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
  const dict: Record<string, unknown> = {};
  for (const [name, value] of response.headers.entries()) dict[name] = value;
  dict.link = response.links;
  const fallback = (key: string | symbol): string | undefined => {
    if (typeof key !== "string") return undefined;
    return response.headers.get(key) ?? undefined;
  };
  return new Proxy(dict, {
    get(target, key, receiver) {
      if (key in target) return Reflect.get(target, key, receiver);
      return fallback(key);
    },
    has(target, key) {
      return key in target || fallback(key) !== undefined;
    },
    getOwnPropertyDescriptor(target, key) {
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own) return own;
      const value = fallback(key);
      return value === undefined ? undefined : { value, writable: false, enumerable: false, configurable: true };
    },
  });
}
