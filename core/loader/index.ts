/**
 * Custom code: the `class_name` loader (Python-kit naming, confinement to the connector folder,
 * TypeScript through tsx, `sluice/sdk` mapped to this Sluice), the trust decision, and the loading
 * of connector-level plugins named in a config file.
 */
export { parseClassName, type ParsedClassName } from "./class-name.js";
export { moduleCandidates, CUSTOM_MODULE_EXTENSIONS } from "./module-candidates.js";
export { resolveCustomModule, type ResolvedCustomModule } from "./resolve-custom-module.js";
export { createCustomCodeLoader, type CustomCodeLoaderOptions } from "./create-custom-code-loader.js";
export { customCodeRefused } from "./custom-code-refused.js";
export { resolveCustomCodeTrust, type CustomCodeTrustInput } from "./custom-code-trust.js";
export { ensureCustomModuleHooks, customModuleUrl } from "./custom-module-hooks.js";
export { sluiceEntryUrls } from "./sluice-entry-urls.js";
export { loadPlugins, type LoadPluginsOptions } from "./load-plugins.js";
