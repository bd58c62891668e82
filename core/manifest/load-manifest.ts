import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Loader } from "cosmiconfig";
import { ConfigError, CustomCodeError, lazyPackage, ManifestError, type SluicePlugin } from "../../sdk/index.js";
import type { TransportName } from "../http/http-options.js";
import { isTransportName } from "../http/select-transport.js";
import { httpLimitsSetting, type HttpLimits } from "../http/http-limits.js";
import { parseManifestText } from "./parse-manifest-text.js";

/**
 * Where a connector's manifest comes from: a file path, a manifest object, or a search from a folder
 * (cosmiconfig under the module name `sluice`, then a plain `manifest.yaml`).
 *
 * @example
 * { path: "examples/demo/manifest.yaml" }
 * { manifest: { version: "6.0.0", streams: [...] } }
 * { searchFrom: process.cwd() }
 */
export interface ManifestInput {
  path?: string;
  manifest?: Record<string, unknown>;
  /**
   * `manifest` is handed over: Sluice keeps that object instead of a copy of it. Sluice never changes a
   * manifest it is given (resolving references builds a new one), so a caller that will not change it
   * either (it parsed it for this call) saves the copy: about 25 ms per analysis of source-appfigures'
   * 1.25 MB in the Builder, a seventh of it. Default false: a host's object is copied, so changing it
   * later changes nothing in Sluice.
   */
  owned?: boolean;
  searchFrom?: string;
  /**
   * Whether a config file that is code (`sluice.config.ts`, `.mjs`, `.js`, `.cjs`, cosmiconfig's
   * `.config/config.js`) may be imported; default true. When false such a file is refused with
   * `CUSTOM_CODE_REFUSED` before anything is imported.
   */
  trustCustomCode?: boolean;
}

/** A manifest as read, before resolution, with the folder its relative paths resolve against. */
export interface LoadedManifest {
  manifest: Record<string, unknown>;
  /** The file it came from, when it came from a file. */
  file?: string;
  /** The connector folder: the manifest's folder (custom components and relative paths live here). */
  dir: string;
  /** Plugins listed in the Sluice config file (`plugins: [...]`): module specifiers resolved against `pluginBase`, or plugin objects from a `sluice.config.ts`. */
  plugins: Array<string | SluicePlugin>;
  pluginBase: string;
  /** The transport the Sluice config file chooses (`transport: undici`), if any. */
  transport?: TransportName;
  /** The HTTP limits the Sluice config file sets (`http: { maxResponseBytes: 10485760 }`), if any. */
  http?: Partial<HttpLimits>;
}

/** The places searched, in order, when no manifest is given. */
export const SEARCH_PLACES = [
  "package.json",
  ".sluicerc",
  ".sluicerc.json",
  ".sluicerc.yaml",
  ".sluicerc.yml",
  ".sluicerc.js",
  ".sluicerc.ts",
  ".sluicerc.cjs",
  ".sluicerc.mjs",
  "sluice.config.ts",
  "sluice.config.js",
  "sluice.config.cjs",
  "sluice.config.mjs",
  "sluice.config.json",
  "sluice.config.yaml",
  "sluice.config.yml",
  "manifest.yaml",
  "manifest.yml",
  "manifest.json",
];

/** Reads a manifest from a path, an object, or a search. */
export async function loadManifest(input: ManifestInput): Promise<LoadedManifest> {
  if (input.manifest) {
    const dir = resolve(input.searchFrom ?? process.cwd());
    return { manifest: input.owned ? input.manifest : structuredClone(input.manifest), dir, plugins: [], pluginBase: dir };
  }
  if (input.path) return loadManifestFile(resolve(input.path));
  return searchManifest(resolve(input.searchFrom ?? process.cwd()), input.trustCustomCode !== false);
}

async function loadManifestFile(file: string): Promise<LoadedManifest> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ManifestError("MANIFEST_NOT_FOUND", `The manifest file could not be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      where: { file },
      expected: "a readable YAML or JSON file",
      cause: error,
    });
  }
  return { manifest: await parseManifestText(text, file), file, dir: dirname(file), plugins: [], pluginBase: dirname(file) };
}

const yamlLoader: Loader = (file, content) => parseManifestText(content, file);

/** cosmiconfig, imported only when a manifest is searched for (no `--manifest`): it costs every command about 10 ms. */
const loadCosmiconfig = lazyPackage("cosmiconfig", "the manifest search", () => import("cosmiconfig"));
const tsLoader: Loader = async (file) => {
  const { tsImport } = await import("tsx/esm/api");
  let value: unknown = await tsImport(pathToFileURL(file).href, import.meta.url);
  // Outside an ESM package tsx compiles the file as CommonJS, which wraps `export default` once more.
  while (isDefaultWrapper(value)) value = value.default;
  return value;
};

/** cosmiconfig's own settings files, searched in the working directory (and imported when code) by every search. */
const COSMICONFIG_META_CODE = [".config/config.js", ".config/config.ts", ".config/config.cjs", ".config/config.mjs"];
const CODE_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"];

/** A loader that refuses a config file that is code, before it is read or imported. */
const refusingLoader: Loader = (file) => {
  throw codeConfigRefused(file);
};

async function searchManifest(from: string, trusted: boolean): Promise<LoadedManifest> {
  if (!trusted) {
    // cosmiconfig reads its meta config from the working directory with its own loaders, which import code.
    for (const place of COSMICONFIG_META_CODE) if (existsSync(resolve(process.cwd(), place))) throw codeConfigRefused(resolve(process.cwd(), place));
  }
  const codeLoaders = trusted ? { ".ts": tsLoader } : Object.fromEntries(CODE_EXTENSIONS.map((ext) => [ext, refusingLoader]));
  const { cosmiconfig } = await loadCosmiconfig();
  const explorer = cosmiconfig("sluice", {
    searchPlaces: SEARCH_PLACES,
    loaders: { ".yaml": yamlLoader, ".yml": yamlLoader, noExt: yamlLoader, ...codeLoaders },
    searchStrategy: "none",
  });
  const found = await explorer.search(from);
  if (!found || found.isEmpty) {
    throw new ManifestError("MANIFEST_NOT_FOUND", "No manifest was given and none was found", {
      where: { file: from },
      expected: `--manifest <file>, or one of ${SEARCH_PLACES.join(", ")} in ${from}`,
      found: "none of them",
    });
  }
  const settings = found.config as Record<string, unknown>;
  const dir = dirname(found.filepath);
  const plugins = Array.isArray(settings.plugins) ? (settings.plugins as Array<string | SluicePlugin>) : [];
  const hostSettings = { transport: transportSetting(settings.transport, found.filepath), http: httpLimitsSetting(settings.http, found.filepath) };
  if (isManifest(settings)) {
    const { plugins: _ignored, transport: _transport, http: _http, ...manifest } = settings;
    return { manifest, file: found.filepath, dir, plugins, pluginBase: dir, ...hostSettings };
  }
  if (typeof settings.manifest === "string") {
    const loaded = await loadManifestFile(resolve(dir, settings.manifest));
    return { ...loaded, plugins, pluginBase: dir, ...hostSettings };
  }
  if (typeof settings.manifest === "object" && settings.manifest !== null) {
    return { manifest: settings.manifest as Record<string, unknown>, file: found.filepath, dir, plugins, pluginBase: dir, ...hostSettings };
  }
  throw new ManifestError("MANIFEST_NOT_FOUND", "The Sluice config file neither is a manifest nor names one", {
    where: { file: found.filepath },
    expected: "a manifest (with streams), or { manifest: './manifest.yaml', plugins: [...] }",
    found: `keys ${Object.keys(settings).join(", ") || "(none)"}`,
  });
}

function codeConfigRefused(file: string): CustomCodeError {
  return new CustomCodeError("CUSTOM_CODE_REFUSED", `The Sluice config file ${basename(file)} is code, and custom code is not allowed by this host; it was not loaded`, {
    failureType: "config_error",
    where: { file },
    expected: "a data config file (.sluicerc.yaml, sluice.config.json, package.json#sluice, manifest.yaml) or --manifest <file>, or a host that trusts custom code",
    found: file,
  });
}

/** The config file's `transport:`, checked: one of the built-in transports. */
function transportSetting(value: unknown, file: string): TransportName | undefined {
  if (value === undefined) return undefined;
  if (isTransportName(value)) return value;
  throw new ConfigError("TRANSPORT_UNKNOWN", "The Sluice config file names an unknown transport", {
    where: { file },
    expected: "transport: node-fetch or transport: undici (or register a Fetch service from a plugin)",
    found: JSON.stringify(value) ?? String(value),
  });
}

function isDefaultWrapper(value: unknown): value is { default: unknown } {
  return typeof value === "object" && value !== null && "default" in value && Object.keys(value).every((k) => k === "default" || k === "__esModule");
}

function isManifest(value: Record<string, unknown>): boolean {
  return Array.isArray(value.streams) || value.type === "DeclarativeSource" || "dynamic_streams" in value;
}
