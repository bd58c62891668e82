import { readPaths, setPath } from "./mock/template-paths.js";

/** Fields whose template is a URL (or starts one). */
const URL_FIELDS = new Set(["url_base", "token_refresh_endpoint", "url"]);

/**
 * The config with a full URL wherever the manifest starts a URL with a config value
 * (`url_base: "{{ config['instance_url'] }}/api"`), so the synthetic config names a real origin; a
 * value used inside a URL (`https://{{ config.subdomain }}.example.com`) is left as it is. Returns
 * undefined when nothing changes.
 *
 * @example
 * withUrls({ domain: "x" }, { streams: [{ retriever: { requester: { url_base: "{{ config.domain }}/v1" } } }] })
 * // { domain: "https://api.example.com" }
 */
export function withUrls(config: Record<string, unknown>, manifest: unknown): Record<string, unknown> | undefined {
  const leading = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (URL_FIELDS.has(key) && typeof value === "string" && /^\s*\{\{/.test(value)) {
          const first = readPaths(value.slice(0, value.indexOf("}}") + 2), "config")[0];
          if (first) leading.add(JSON.stringify(first));
        } else if (key !== "spec" && key !== "schema") visit(value);
      }
    }
  };
  visit(manifest);
  if (leading.size === 0) return undefined;
  const copy = structuredClone(config);
  for (const path of leading) setPath(copy, JSON.parse(path) as string[], "https://api.example.com");
  return copy;
}
