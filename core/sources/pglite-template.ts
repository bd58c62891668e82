import { readFile, readdir, rename, rm, writeFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A new, empty PGlite database saved as a tarball when Sluice is built (`scripts/build.mjs`), so a
 * new source store is unpacked (~0.5 s) instead of made by Postgres' initdb in WebAssembly (~2 s).
 * It is exactly what PGlite's own first start makes (PGlite runs initdb in memory, dumps the folder as
 * a tarball and unpacks it), only made once per PGlite version instead of once per store. Named after
 * the PGlite version that wrote it: another version finds none and runs initdb.
 *
 * @example
 * const template = await readPgliteTemplate(); // undefined: none for this PGlite, run initdb
 * await PGlite.create(folder, template ? { loadDataDir: template } : {});
 */
export async function readPgliteTemplate(): Promise<Blob | undefined> {
  for (const folder of templateFolders()) {
    const bytes = await readFile(join(folder, await templateName())).catch(() => undefined);
    if (bytes) return new Blob([bytes]);
  }
  return undefined;
}

/**
 * Writes the template for the installed PGlite into `<package>/store-template/` (what the build runs),
 * replacing those of other versions. Does nothing when it is already there.
 *
 * @example
 * await writePgliteTemplate("/path/to/sluice"); // the package folder
 */
export async function writePgliteTemplate(packageRoot: string): Promise<string> {
  const folder = join(packageRoot, TEMPLATE_FOLDER);
  const name = await templateName();
  const file = join(folder, name);
  const existing = await readdir(folder).catch(() => [] as string[]);
  if (existing.includes(name)) return file;
  await mkdir(folder, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(); // in memory: initdb, nothing else
  await db.exec("CHECKPOINT"); // everything in the data files: a store made from it has no WAL to replay
  const tarball = await db.dumpDataDir("gzip");
  await db.close();
  await writeFile(`${file}.tmp`, new Uint8Array(await tarball.arrayBuffer()));
  await rename(`${file}.tmp`, file);
  for (const old of existing) await rm(join(folder, old), { force: true });
  return file;
}

const TEMPLATE_FOLDER = "store-template";

/** `<package>/store-template`, from this file in `core/sources/` (run through tsx) or `dist/core/sources/`. */
function templateFolders(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, "..", "..", TEMPLATE_FOLDER), join(here, "..", "..", "..", TEMPLATE_FOLDER)];
}

async function templateName(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const { version } = JSON.parse(await readFile(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string };
  return `pglite-${version}.tar.gz`;
}
