import { register } from "node:module";
import { pathToFileURL } from "node:url";
import { isTypeScriptSource, sluiceEntryUrls } from "./sluice-entry-urls.js";

/** The query parameter that marks a module as custom code loaded from a connector folder. */
const CUSTOM_MODULE_MARK = "sluice-custom";

// Runs in Node's module-hooks thread, so it is plain JavaScript with no imports. It maps the bare
// specifiers "sluice/sdk", "sluice/python" and "sluice" to the running Sluice, and makes every module under a
// marked module an ES module: a connector folder usually has no package.json saying so, and tsx
// would otherwise compile its .ts files to CommonJS, whose require() bypasses these hooks.
const HOOKS_SOURCE = `
let targets = {};
export function initialize(data) { targets = data.targets; }
const MARK = ${JSON.stringify(CUSTOM_MODULE_MARK)};
const ESM_EXTENSION = /\\.(m?ts|m?js|tsx|jsx)$/;
function marked(url) {
  try { return new URL(url).searchParams.has(MARK); } catch { return false; }
}
export async function resolve(specifier, context, nextResolve) {
  const target = targets[specifier];
  if (target !== undefined) return { url: target, format: "module", shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.startsWith("file:")) return resolved;
  if (!marked(resolved.url) && !(context.parentURL && marked(context.parentURL))) return resolved;
  const url = new URL(resolved.url);
  if (!ESM_EXTENSION.test(url.pathname) || url.pathname.includes("/node_modules/")) return resolved;
  url.searchParams.set(MARK, "");
  return { ...resolved, url: url.href, format: "module" };
}
`;

let installing: Promise<void> | undefined;

/**
 * Prepares the process to import custom modules, once: when Sluice runs built (plain Node), tsx is
 * registered so `.ts`/`.mts` modules load without a build step (from source, tsx is already
 * active); then the resolve hook above is registered, after tsx, so it runs first.
 *
 * @example
 * await ensureCustomModuleHooks();
 * const module = await import(customModuleUrl("/connectors/acme/components.ts"));
 */
export function ensureCustomModuleHooks(): Promise<void> {
  installing ??= install();
  return installing;
}

async function install(): Promise<void> {
  if (!isTypeScriptSource()) {
    const tsx = await import("tsx/esm/api");
    tsx.register();
  }
  const entries = sluiceEntryUrls();
  const targets = { "sluice/sdk": entries.sdk, "sluice/python": entries.python, sluice: entries.library };
  register(`data:text/javascript,${encodeURIComponent(HOOKS_SOURCE)}`, { parentURL: import.meta.url, data: { targets } });
}

/**
 * The URL a custom module is imported by: its file URL with the custom-module mark.
 *
 * @example
 * customModuleUrl("/connectors/acme/components.ts"); // "file:///connectors/acme/components.ts?sluice-custom"
 */
export function customModuleUrl(file: string): string {
  const url = pathToFileURL(file);
  url.searchParams.set(CUSTOM_MODULE_MARK, "");
  return url.href;
}
