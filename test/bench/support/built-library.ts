/**
 * The built package, as the benchmarks run it: {@link buildDist} builds dist/ (what `bin/sluice.js` runs,
 * once per process), and {@link builtLibrary} imports its public entry (dist/core/index.js, the bundle with
 * its node-fetch), which a benchmark of the library's page path measures instead of the TypeScript sources
 * through tsx.
 *
 * @example
 * await buildDist(); // then spawn bin/sluice.js
 * const { createSluice, createNodeFetchTransport } = await builtLibrary();
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The public entry's exports, typed as the sources declare them. */
export type Library = typeof import("../../../core/index.js");

let building: Promise<unknown> | undefined;
let built: Promise<Library> | undefined;

/** Builds dist/ with scripts/build.mjs, once per process. */
export async function buildDist(): Promise<void> {
  building ??= promisify(execFile)(process.execPath, [fileURLToPath(new URL("../../../scripts/build.mjs", import.meta.url))]);
  await building;
}

/** Builds dist/ (once per process) and imports its public entry. */
export function builtLibrary(): Promise<Library> {
  built ??= buildDist().then(async () => (await import(new URL("../../../dist/core/index.js", import.meta.url).href)) as Library);
  return built;
}
