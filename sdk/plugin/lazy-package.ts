import { SluiceError } from "../errors/sluice-error.js";

/**
 * A package imported the first time something needs it (once per process), instead of when Sluice
 * starts. Most runs never decode XML or sign a JWT, and every package imported at start costs each
 * `sluice` command milliseconds before its first request (docs/performance.md, "CLI start"). A
 * component whose implementation needs such a package loads it in its `build()`, so a manifest that
 * uses the component is still checked for the package before its first request. A package that cannot
 * be imported fails with `PACKAGE_LOAD_FAILED`, naming the package and what needed it (a later call
 * tries again).
 *
 * @example
 * // plugins/decoders/decoder-packages.ts
 * export const loadFastXmlParser = lazyPackage("fast-xml-parser", "XmlDecoder", () => import("fast-xml-parser"));
 * // in the component
 * build: async () => new XmlDecoder(await loadFastXmlParser()),
 */
export function lazyPackage<T>(name: string, neededBy: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new SluiceError("PACKAGE_LOAD_FAILED", `The package '${name}', which ${neededBy} needs, could not be loaded: ${error instanceof Error ? error.message : String(error)}`, {
        where: { component: neededBy },
        expected: `'${name}' installed with Sluice's dependencies`,
        cause: error,
      });
    }));
}
