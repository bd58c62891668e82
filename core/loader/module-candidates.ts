import { basename, join } from "node:path";

/** The file extensions a custom module may have, in the order they are tried. */
export const CUSTOM_MODULE_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"] as const;

/**
 * The files a module path may name inside a connector folder, in the order they are tried: the
 * module as a file with each extension (then `.py`, a Python component), then as a folder with an
 * `index` file (then `__init__.py`).
 * - `source_acme.components` -> `source_acme/components.ts`, ... `source_acme/components/index.ts`, ...;
 *   when the connector folder itself is named `source_acme` (a classic Python connector keeps its
 *   manifest inside its package), `components.ts`, ... are tried next;
 * - `source_declarative_manifest.components` -> first as written, then `components.ts`, ... as the
 *   kit does (it imports `components` when `source_declarative_manifest.components` is missing);
 * - `components` -> `components.ts`, ...
 *
 * @example
 * moduleCandidates("/c/acme", ["components"]);
 * // ["/c/acme/components.ts", "/c/acme/components.mts", "/c/acme/components.js", "/c/acme/components.mjs",
//  "/c/acme/components.py", "/c/acme/components/index.ts", ..., "/c/acme/components/__init__.py"]
 */
export function moduleCandidates(connectorDir: string, modulePath: readonly string[]): string[] {
  const paths: string[][] = [[...modulePath]];
  const [first, ...rest] = modulePath;
  const packageIsConnectorDir = first !== undefined && first.startsWith("source_") && basename(connectorDir) === first;
  if (rest.length > 0 && (first === "source_declarative_manifest" || packageIsConnectorDir)) paths.push(rest);
  const files: string[] = [];
  for (const segments of paths) {
    const base = join(connectorDir, ...segments);
    for (const ext of CUSTOM_MODULE_EXTENSIONS) files.push(base + ext);
    files.push(base + ".py");
    for (const ext of CUSTOM_MODULE_EXTENSIONS) files.push(join(base, "index" + ext));
    files.push(join(base, "__init__.py"));
  }
  return files;
}
