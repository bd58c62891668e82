import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { SluiceError } from "../../sdk/index.js";

/** Whether `path` is `dir` itself or inside it (both absolute, already resolved). */
function within(dir: string, path: string): boolean {
  const inside = relative(dir, path);
  return inside === "" || (inside !== ".." && !inside.startsWith(`..${sep}`) && !isAbsolute(inside));
}

/** The real path of `path`: its deepest existing ancestor resolved (every symlink followed), the rest appended as written. */
async function realPathOf(path: string, followLast: boolean): Promise<string> {
  const tail: string[] = [];
  let current = path;
  if (!followLast) {
    tail.unshift(basename(current));
    current = dirname(current);
  }
  for (;;) {
    try {
      return join(await realpath(current), ...tail);
    } catch (error) {
      const parent = dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === current) throw error;
      tail.unshift(basename(current));
      current = parent;
    }
  }
}

/**
 * Checks a file the Builder reads or writes in the connector folder `dir` on its **real** path, not only
 * its text: every symlink on the way resolved (a `sch -> secrets` or `out -> ../outside` inside the folder
 * counts where it leads), the result inside the folder's real path and not in its `secrets/` (unless
 * `secrets` is asked for). For a write the last name itself is not followed: the file is replaced by a
 * rename, which replaces a symlink there rather than writing through it. Refused with
 * BUILDER_BAD_REQUEST naming the file as written and where it leads.
 *
 * @example
 * const path = await confinedPath("/c/acme", "/c/acme/schemas/users.json", { what: "The schema file", write: true });
 */
export async function confinedPath(dir: string, path: string, options: { what: string; write?: boolean; secrets?: boolean }): Promise<string> {
  const realDir = await realpath(dir);
  const real = await realPathOf(path, !options.write);
  const secretsDir = join(realDir, "secrets");
  const refuse = (where: string) =>
    new SluiceError("BUILDER_BAD_REQUEST", `${options.what} '${relative(dir, path) || path}' leads ${where}; nothing was read or written`, {
      failureType: "config_error",
      expected: options.secrets ? "a file inside the connector folder, symlinks included" : "a file inside the connector folder and not under secrets/, symlinks included",
      found: `a path whose real location is ${where}`,
    });
  if (!within(realDir, real)) throw refuse("outside the connector folder");
  if (!options.secrets && within(secretsDir, real)) throw refuse("into secrets/");
  return path;
}

/**
 * Refuses a `secrets` that is not a plain folder of this user's (a symlink, committed to point at `docs/`,
 * would put the testing values in a folder git does not ignore and make it owner-only), and a
 * `secrets/config.json` that is a symlink (read and written through, it would lead anywhere). Nothing
 * that does not exist yet is refused: the Builder creates it.
 *
 * @example
 * await checkSecretsFolder("/c/acme"); // throws BUILDER_SECRETS_UNSAFE when /c/acme/secrets -> ../docs
 */
export async function checkSecretsFolder(dir: string): Promise<void> {
  const secrets = join(dir, "secrets");
  const folder = await lstat(secrets).catch(() => undefined);
  if (folder) {
    const uid = process.getuid?.();
    const why = folder.isSymbolicLink() ? "a symlink" : !folder.isDirectory() ? "not a folder" : uid !== undefined && folder.uid !== uid ? "a folder owned by another user" : undefined;
    if (why) throw unsafe(secrets, why);
  }
  const file = await lstat(join(secrets, "config.json")).catch(() => undefined);
  if (file && !file.isFile()) throw unsafe(join(secrets, "config.json"), file.isSymbolicLink() ? "a symlink" : "not a regular file");
}

function unsafe(path: string, why: string): SluiceError {
  return new SluiceError("BUILDER_SECRETS_UNSAFE", `${path} is ${why}; the testing values were not read or written`, {
    failureType: "config_error",
    where: { file: path },
    expected: "secrets/ a folder of this user's (not a symlink) and secrets/config.json a regular file, so that the testing values stay in the git-ignored, owner-only folder",
    found: why,
  });
}
