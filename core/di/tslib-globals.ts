/**
 * tsyringe loads tslib, and every Node build of tslib (its CommonJS file, and the ESM wrapper around it)
 * also writes its helpers (`__extends`, `__assign`, `__awaiter`, ... 25 names) onto `globalThis`. A host
 * that imports Sluice did not ask for them, so the container module removes them right after tsyringe has
 * loaded: tsyringe keeps its own references, and tslib, once loaded, never writes them again. Names that
 * were already global before (a host that loaded tslib itself) are left alone.
 *
 * This module must be imported before tsyringe: the snapshot is taken when it is evaluated.
 *
 * @example
 * import { removeTslibGlobals } from "./tslib-globals.js";   // first
 * import { container } from "tsyringe";
 * removeTslibGlobals();
 */
const before = new Set(Object.getOwnPropertyNames(globalThis));

export function removeTslibGlobals(): void {
  const global = globalThis as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (!before.has(name) && /^__[a-zA-Z]+$/.test(name)) delete global[name];
  }
}
