/**
 * The library as a host imports it: the built dist/core/index.js (scripts/bundle-library.mjs's bundle, with
 * its node-fetch), built first. A benchmark of the library's page path measures this, not the TypeScript
 * sources through tsx.
 *
 * @example
 * const { createSluice, createNodeFetchTransport } = await builtLibrary();
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The public entry's exports, typed as the sources declare them. */
export type Library = typeof import("../../../core/index.js");

let built: Promise<Library> | undefined;

/** Builds dist/ (once per process) and imports its public entry. */
export function builtLibrary(): Promise<Library> {
  built ??= (async () => {
    await promisify(execFile)(process.execPath, [fileURLToPath(new URL("../../../scripts/build.mjs", import.meta.url))]);
    return (await import(new URL("../../../dist/core/index.js", import.meta.url).href)) as Library;
  })();
  return built;
}
