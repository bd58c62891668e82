import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding Sluice's own package.json, found upwards from this module (the repository when run
 * from source, the installed package when run from `dist/`): where the shipped `docs/`, `dist/builder-ui/`
 * and other package files are.
 *
 * @example
 * join(packageRoot(), "docs", "pagination.md")
 */
export function packageRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  let dir = here;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "sluice") return dir;
    const parent = dirname(dir);
    if (parent === dir) return here;
    dir = parent;
  }
}
