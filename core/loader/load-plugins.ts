import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CustomCodeError, type SluicePlugin } from "../../sdk/index.js";
import { customCodeRefused } from "./custom-code-refused.js";
import { customModuleUrl, ensureCustomModuleHooks } from "./custom-module-hooks.js";

/** Options of {@link loadPlugins}. */
export interface LoadPluginsOptions {
  /** The folder relative specifiers are resolved against: the config file's folder. */
  base: string;
  /** Whether code may run (a refusing host refuses config-file plugins too: they are code). */
  trusted: boolean;
  /** The config file, for error messages. */
  file?: string;
}

/**
 * Loads the connector-level plugins a Sluice config file lists (`plugins: [...]`): a path relative
 * to the config file (`./plugins/acme.ts`, TypeScript needs no build), an absolute path, or an npm
 * package name resolved from the config file's folder. A module provides its plugin as the default
 * export, or as a function (default export) that returns it, or as a named export `plugin`; its
 * `import ... from "sluice/sdk"` gets the running Sluice's SDK. Objects already in the list (from a
 * `sluice.config.ts`) are taken as they are.
 *
 * @example
 * # .sluicerc.yaml
 * manifest: ./manifest.yaml
 * plugins: [./plugins/total-pages.ts, "@acme/sluice-plugin"]
 * // host
 * const plugins = await loadPlugins(source.plugins, { base: source.pluginBase, trusted: true });
 */
export async function loadPlugins(entries: readonly (string | SluicePlugin)[], options: LoadPluginsOptions): Promise<SluicePlugin[]> {
  const plugins: SluicePlugin[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string") {
      plugins.push(checkPlugin(entry, "(an object in the config file)", options));
      continue;
    }
    if (!options.trusted) throw customCodeRefused(`plugin ${entry}`, { file: options.file });
    plugins.push(checkPlugin(await importPlugin(entry, options), entry, options));
  }
  return plugins;
}

async function importPlugin(specifier: string, options: LoadPluginsOptions): Promise<unknown> {
  const file = locate(specifier, options);
  await ensureCustomModuleHooks();
  const isPackage = file.includes("/node_modules/") || file.includes("\\node_modules\\");
  let module: Record<string, unknown>;
  try {
    module = (await import(isPackage ? pathToFileURL(file).href : customModuleUrl(file))) as Record<string, unknown>;
  } catch (error) {
    throw new CustomCodeError("PLUGIN_LOAD", `The plugin ${specifier} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, {
      failureType: "config_error",
      where: { file: options.file, component: specifier },
      cause: error,
    });
  }
  const candidate = module.default ?? module.plugin;
  return typeof candidate === "function" && !("register" in candidate) ? (candidate as () => unknown)() : candidate;
}

function locate(specifier: string, options: LoadPluginsOptions): string {
  if (specifier.startsWith(".") || isAbsolute(specifier)) return resolve(options.base, specifier);
  try {
    return createRequire(join(options.base, "sluice-plugins.cjs")).resolve(specifier);
  } catch (error) {
    throw new CustomCodeError("PLUGIN_NOT_FOUND", `The plugin ${specifier} was not found from ${options.base}`, {
      failureType: "config_error",
      where: { file: options.file, component: specifier },
      expected: "a path relative to the config file (./plugins/x.ts) or an installed npm package",
      found: `no package ${specifier} in node_modules above ${options.base}`,
      cause: error,
    });
  }
}

function checkPlugin(value: unknown, specifier: string, options: LoadPluginsOptions): SluicePlugin {
  const plugin = value as Partial<SluicePlugin> | undefined;
  if (plugin && typeof plugin === "object" && typeof plugin.name === "string" && typeof plugin.register === "function") return plugin as SluicePlugin;
  throw new CustomCodeError("PLUGIN_INVALID", `${specifier} does not provide a Sluice plugin`, {
    failureType: "config_error",
    where: { file: options.file, component: specifier },
    expected: "export default definePlugin({ name, register(ctx) { ... } }) (or a function returning one, or export const plugin)",
    found: value === undefined ? "no default export and no export named plugin" : `a ${typeof value} without name and register`,
  });
}
