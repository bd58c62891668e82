/**
 * Joins a requester's `url_base` and path as the Python kit does: a trailing `/` is added to the base
 * when it has none, and the two are joined with Python's `urllib.parse.urljoin` (ported below), which
 * also drops the empty segments of the joined path (`https://h//v1/` + `forms` is `https://h/v1/forms`)
 * and resolves `.` and `..`. The requester strips the path's leading slashes before (the kit's
 * `path.lstrip("/")`); a `RequestPath` token is joined as it is, so `/x` is relative to the host root.
 * An empty path leaves the base as it is; a whole URL replaces it. `test/plugins/shared/url-join-golden.json`
 * holds the kit's results for a table of cases, made by Python (`scripts/url-join-golden/generate.py`).
 *
 * @example
 * joinUrl("https://api.paperform.co//v1", "forms")       // "https://api.paperform.co/v1/forms"
 * joinUrl("https://api.example.com/v1", "a//b")          // "https://api.example.com/v1/a/b"
 * joinUrl("https://api.example.com/v1", "/v2/users")     // "https://api.example.com/v2/users" (a RequestPath token)
 * joinUrl("https://api.example.com/v1", "https://x.io/a") // "https://x.io/a"
 */
export function joinUrl(base: string, path: string): string {
  if (!path) return base;
  // A whole URL stands alone, also with an empty url_base (an async job's download URL: `url_base: ""`).
  if (/^https?:\/\//i.test(path)) return path;
  return pythonUrljoin(base.endsWith("/") ? base : `${base}/`, path);
}

/** The schemes `urljoin` resolves relative references for (urllib.parse.uses_relative, the web ones). */
const RELATIVE_SCHEMES = new Set(["", "http", "https", "ws", "wss", "ftp", "file"]);
const SCHEME_CHARS = /^[A-Za-z][A-Za-z0-9+.-]*$/;

interface SplitUrl {
  scheme: string;
  netloc: string | undefined;
  path: string;
  query: string;
  fragment: string;
}

/**
 * Python's `urllib.parse.urljoin(base, url)` (3.11), for the parts a request URL has (no `;params`,
 * which `urlparse` splits and `urlunparse` puts back unchanged).
 *
 * @example
 * pythonUrljoin("https://h//v1/", "forms") // "https://h/v1/forms"
 */
function pythonUrljoin(base: string, url: string): string {
  if (!base) return url;
  if (!url) return base;
  const b = urlsplit(base, "");
  const u = urlsplit(url, b.scheme);
  if (u.scheme !== b.scheme || !RELATIVE_SCHEMES.has(u.scheme)) return url;
  if (u.netloc) return urlunsplit(u);
  const netloc = b.netloc;
  if (!u.path) return urlunsplit({ scheme: u.scheme, netloc, path: b.path, query: u.query || b.query, fragment: u.fragment });
  const baseParts = b.path.split("/");
  if (baseParts[baseParts.length - 1] !== "") baseParts.pop();
  let segments: string[];
  if (u.path.startsWith("/")) segments = u.path.split("/");
  else {
    segments = [...baseParts, ...u.path.split("/")];
    // urljoin drops the empty segments between the first and the last (no doubled slashes).
    segments = segments.length > 2 ? [segments[0]!, ...segments.slice(1, -1).filter((s) => s !== ""), segments[segments.length - 1]!] : segments;
  }
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === "..") resolved.pop();
    else if (segment !== ".") resolved.push(segment);
  }
  const last = segments[segments.length - 1];
  if (last === "." || last === "..") resolved.push("");
  return urlunsplit({ scheme: u.scheme, netloc, path: resolved.join("/") || "/", query: u.query, fragment: u.fragment });
}

/** `urllib.parse.urlsplit(url, scheme)`: scheme, netloc (undefined when there is no `//`), path, query, fragment. */
function urlsplit(url: string, defaultScheme: string): SplitUrl {
  let scheme = defaultScheme;
  let rest = url;
  const colon = rest.indexOf(":");
  if (colon > 0 && SCHEME_CHARS.test(rest.slice(0, colon))) {
    scheme = rest.slice(0, colon).toLowerCase();
    rest = rest.slice(colon + 1);
  }
  let netloc: string | undefined;
  if (rest.startsWith("//")) {
    const end = rest.slice(2).search(/[/?#]/);
    netloc = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end < 0 ? "" : rest.slice(end + 2);
  }
  let fragment = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query = "";
  const question = rest.indexOf("?");
  if (question >= 0) {
    query = rest.slice(question + 1);
    rest = rest.slice(0, question);
  }
  return { scheme, netloc, path: rest, query, fragment };
}

/** `urllib.parse.urlunsplit`: an empty query or fragment is left out. */
function urlunsplit(parts: { scheme: string; netloc: string | undefined; path: string; query: string; fragment: string }): string {
  let url = parts.path;
  if (parts.netloc || (parts.scheme && RELATIVE_SCHEMES.has(parts.scheme) && parts.scheme !== "" && !url.startsWith("//"))) {
    if (url && !url.startsWith("/")) url = `/${url}`;
    url = `//${parts.netloc ?? ""}${url}`;
  }
  if (parts.scheme) url = `${parts.scheme}:${url}`;
  if (parts.query) url = `${url}?${parts.query}`;
  if (parts.fragment) url = `${url}#${parts.fragment}`;
  return url;
}
