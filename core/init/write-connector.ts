import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { SluiceError } from "../../sdk/index.js";

/**
 * Writes a scaffolded connector into `folder`, which must not exist or be empty (nothing is ever
 * overwritten). `secrets/` is readable by its owner only. With `addMissing` (`sluice builder` on a
 * folder without a manifest) the folder may hold other files: only the files it lacks are written.
 *
 * @example
 * await writeConnector("acme", scaffoldConnector({ ... }));
 */
export async function writeConnector(folder: string, files: Record<string, string>, options: { addMissing?: boolean } = {}): Promise<string[]> {
  const target = resolve(folder);
  if (!options.addMissing) assertNewFolder(target);
  const written: string[] = [];
  for (const [relative, content] of Object.entries(files)) {
    const file = join(target, relative);
    if (options.addMissing && existsSync(file)) continue;
    const secret = relative.startsWith("secrets/");
    await mkdir(dirname(file), { recursive: true, mode: secret ? 0o700 : 0o755 });
    await writeFile(file, content, { mode: secret ? 0o600 : 0o644, flag: "wx" });
    written.push(relative);
  }
  return written;
}

/**
 * Refuses a folder that exists and is not empty (`INIT_TARGET_EXISTS`): checked before anything is sent
 * or asked (`init --probe` spends a single-use token), and again when writing.
 *
 * @example
 * assertNewFolder(resolve(cwd, "acme"));
 */
export function assertNewFolder(folder: string): void {
  const target = resolve(folder);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new SluiceError("INIT_TARGET_EXISTS", `The folder ${target} already exists and is not empty`, {
      failureType: "config_error",
      expected: "a new connector name (or an empty folder)",
      found: readdirSync(target).slice(0, 5).join(", "),
    });
  }
}
