import { ManifestError } from "../sdk/errors/index.js";

/** Adds query parameters to a rendered URL without re-encoding what the template produced. */
export function appendQuery(url: string, pairs: string): string {
  const hash = url.indexOf("#");
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? "" : url.slice(hash);
  const glue = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${glue}${pairs}${fragment}`;
}

/** Checks that a rendered template is an absolute http(s) URL, as the platform's `URIBuilder` does. */
export function checkRenderedUrl(url: string, path: string, file?: string): URL {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:") || /\s/.test(url)) {
    throw new ManifestError("OAUTH_URL_INVALID", "An OAuth URL template did not render an absolute http(s) URL", {
      where: { file, manifestPath: path },
      expected: "https://... with no spaces",
      // The origin and path only: the query may hold the client id or the state.
      found: parsed ? `${parsed.protocol}//${parsed.host}${parsed.pathname}` : "text that is not a URL",
    });
  }
  return parsed;
}
