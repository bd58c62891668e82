/**
 * Joins a base URL and a path as the Python kit does (`urljoin(base + "/", path)`): an absolute path
 * replaces everything, `/x` is relative to the host root, `x` is relative to the base's last folder.
 * An empty path leaves the base as it is.
 *
 * @example
 * joinUrl("https://api.example.com/v1", "users")          // "https://api.example.com/v1/users"
 * joinUrl("https://api.example.com/v1", "/v2/users")      // "https://api.example.com/v2/users"
 * joinUrl("https://api.example.com/v1", "https://x.io/a") // "https://x.io/a"
 */
export function joinUrl(base: string, path: string): string {
  if (!path) return base;
  const withSlash = base.endsWith("/") ? base : `${base}/`;
  try {
    return new URL(path, withSlash).toString();
  } catch {
    return withSlash + path;
  }
}
