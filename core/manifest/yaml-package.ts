import type * as Yaml from "yaml";
import { lazyPackage } from "../../sdk/index.js";

/**
 * The yaml package, imported when a YAML text is parsed, not when Sluice starts: a JSON manifest is
 * read with `JSON.parse` (yaml is then loaded only to place an error or a warning at its line), and
 * importing yaml costs every `sluice` command about 15 ms (docs/performance.md, "CLI start").
 *
 * @example
 * const { parse } = await loadYaml();
 */
export const loadYaml: () => Promise<typeof Yaml> = lazyPackage("yaml", "the manifest reader", () => import("yaml"));
