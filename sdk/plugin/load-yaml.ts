import type * as Yaml from "yaml";
import { lazyPackage } from "./lazy-package.js";

/**
 * The yaml package, imported the first time a YAML text is parsed, not when Sluice starts: a JSON
 * manifest is read with `JSON.parse` (yaml is then loaded only to place an error or a warning at its
 * line), few connectors have a `ConfigComponentsResolver`, and importing yaml costs every `sluice`
 * command about 15 ms (docs/performance.md, "CLI start"). The one lazy home of the package, for the
 * manifest reader and the components that read values as YAML.
 *
 * @example
 * const { parse } = await loadYaml();
 * parse("[a, b]"); // ["a", "b"]
 */
export const loadYaml: () => Promise<typeof Yaml> = lazyPackage("yaml", "reading YAML (a manifest, a value read as YAML)", () =>
  // yaml is CommonJS: its `module.exports` is the namespace's default, under Node and in the built bundle
  // (scripts/bundle-library.mjs), whose dynamic import of a bundled CommonJS package has no named exports.
  import("yaml").then((namespace) => (namespace.default as typeof Yaml | undefined) ?? namespace),
);
