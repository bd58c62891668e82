/** The URLs a custom module gets for `import ... from "sluice/sdk"`, `"sluice/python"` and `"sluice"`. */
interface SluiceEntryUrls {
  /** The running Sluice's SDK entry (`sdk/index.ts` from source, `dist/sdk/index.js` when built). */
  sdk: string;
  /** The running Sluice's Python-compatibility entry (`python/index.ts` from source, `dist/python/index.js` when built). */
  python: string;
  /** The running Sluice's library entry (`core/index.ts` from source, `dist/core/index.js` when built). */
  library: string;
}

/**
 * The running Sluice's own entry points, computed from this module's location, so a custom module
 * gets the very copy of the SDK the engine uses (one `PaginationStrategy` class, `instanceof`
 * holds) wherever its connector folder lives. From source (under tsx) this file is
 * `core/loader/sluice-entry-urls.ts`; built, it is `dist/core/loader/sluice-entry-urls.js`, and the
 * layout below it is the same.
 *
 * @example
 * sluiceEntryUrls(); // { sdk: "file:///app/node_modules/sluice/dist/sdk/index.js", python: ".../dist/python/index.js", library: ".../dist/core/index.js" }
 */
export function sluiceEntryUrls(selfUrl: string = import.meta.url): SluiceEntryUrls {
  const ext = isTypeScriptSource(selfUrl) ? ".ts" : ".js";
  return {
    sdk: new URL(`../../sdk/index${ext}`, selfUrl).href,
    python: new URL(`../../python/index${ext}`, selfUrl).href,
    library: new URL(`../index${ext}`, selfUrl).href,
  };
}

/** True when Sluice itself runs from its TypeScript sources, i.e. a TypeScript loader is already active. */
export function isTypeScriptSource(selfUrl: string = import.meta.url): boolean {
  return new URL(selfUrl).pathname.endsWith(".ts");
}
