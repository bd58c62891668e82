import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { packTar, tarEntries, type TarEntry } from "./tar-archive.js";
import { writeFileAtomic } from "../config/write-file-atomic.js";

/**
 * A new, empty PGlite database saved as a `.tar.gz` when Sluice is built (`scripts/build.mjs`), so a
 * new source store is unpacked (~0.1 s) instead of made by Postgres' initdb in WebAssembly (~2 s).
 * It is the folder PGlite's own first start makes (initdb), closed cleanly, made once per PGlite
 * version instead of once per store. Named after the PGlite version that wrote it: another version
 * finds none and runs initdb.
 *
 * @example
 * const template = await readPgliteTemplate(); // undefined: none for this PGlite, run initdb
 */
export async function readPgliteTemplate(): Promise<Buffer | undefined> {
  const name = await templateName();
  for (const folder of templateFolders()) {
    const bytes = await readFile(join(folder, name)).catch(() => undefined);
    if (bytes) return bytes;
  }
  return undefined;
}

/**
 * Writes the template's files into `folder` (a new, empty data folder) with Node's own file calls,
 * instead of through a PGlite instance started only to unpack it (PGlite's `loadDataDir`): one start of
 * PGlite's WebAssembly and ~1,000 emulated file writes fewer. Files get mode 0600 and folders 0700,
 * whatever the archive says. Returns false when there is no template.
 *
 * @example
 * if (!(await unpackPgliteTemplate(scratch))) await (await PGlite.create(scratch)).close(); // initdb
 */
export async function unpackPgliteTemplate(folder: string): Promise<boolean> {
  const template = await readPgliteTemplate();
  if (!template) return false;
  const tar = gunzipSync(template);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (const entry of tarEntries(tar)) {
    const path = join(folder, entry.name);
    if (entry.type === "directory") await mkdir(path, { recursive: true, mode: 0o700 });
    else {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, entry.data, { mode: 0o600 });
    }
  }
  return true;
}

/**
 * Makes every file under `folder` readable and writable by its owner only (0600, folders 0700), as
 * Postgres makes its own. PGlite's initdb writes the files it unpacks with mode 0666, whatever the umask.
 *
 * @example
 * await ownerOnly(join(home, "db.new"));
 */
export async function ownerOnly(folder: string): Promise<void> {
  await chmod(folder, 0o700);
  for (const name of await readdir(folder, { recursive: true, encoding: "utf8" })) {
    const path = join(folder, name);
    await chmod(path, (await stat(path)).isDirectory() ? 0o700 : 0o600);
  }
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
  // initdb in a scratch folder, then a clean shutdown: no lock file, no WAL to replay on first open.
  const scratch = await mkdtemp(join(tmpdir(), "sluice-store-template-"));
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    await (await PGlite.create(scratch)).close();
    // Readable by every user of a global install, like the rest of the package.
    await writeFileAtomic(file, gzipSync(packTar(await folderEntries(scratch))), 0o644);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  for (const old of existing) await rm(join(folder, old), { force: true });
  return file;
}

/** Every folder and file under `root`, parents first, named relative to it. */
async function folderEntries(root: string): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  for (const name of (await readdir(root, { recursive: true, encoding: "utf8" })).sort()) {
    const path = join(root, name);
    const info = await stat(path);
    const relativeName = name.split(sep).join("/");
    if (info.isDirectory()) entries.push({ name: relativeName, type: "directory", mode: 0o700, data: Buffer.alloc(0) });
    else entries.push({ name: relativeName, type: "file", mode: 0o600, data: await readFile(path) });
  }
  return entries;
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
