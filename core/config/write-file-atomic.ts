import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Replaces a file's content so that a reader (or a crash) sees either the old content or the new one,
 * never a half-written file: write a temp file beside it, fsync it, rename it over the original, fsync
 * the folder. The temp file's name is unique (process id and random bytes), so two writers never share
 * one. The file keeps its permission bits when it existed; a new one gets `mode` (default 0600: most
 * files written this way hold secrets). The one atomic write of the library.
 *
 * @example
 * await writeFileAtomic("secrets/config.json", JSON.stringify(config, null, 2) + "\n");
 * await writeFileAtomic("store-template/pglite-0.2.17.tar.gz", gzipped, 0o644);
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const existingMode = await currentMode(path);
  const handle = await open(temp, "wx", existingMode ?? mode);
  try {
    await (typeof content === "string" ? handle.writeFile(content, "utf8") : handle.writeFile(content));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dir);
}

async function currentMode(path: string): Promise<number | undefined> {
  try {
    const handle = await open(path, "r");
    try {
      return (await handle.stat()).mode & 0o777;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the rename is still atomic there.
  }
}
