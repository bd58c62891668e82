import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A connector folder in the OS temp dir (outside the repo, no node_modules), removed by `remove()`. */
export interface TempConnector {
  dir: string;
  /** Writes a file relative to the folder (creating sub-folders). */
  write(relativePath: string, text: string): Promise<string>;
  remove(): Promise<void>;
}

/** Makes a temp connector folder whose name starts with `prefix`, with the given files. */
export async function tempConnector(files: Record<string, string> = {}, prefix = "sluice-connector-"): Promise<TempConnector> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const connector: TempConnector = {
    dir,
    async write(relativePath, text) {
      const file = join(dir, relativePath);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      return file;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
  for (const [path, text] of Object.entries(files)) await connector.write(path, text);
  return connector;
}
