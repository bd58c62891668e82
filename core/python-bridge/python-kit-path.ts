import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The folder of Sluice's Python package (`python-kit/`, shipped in the npm package): two levels up from
 * this file when running from source, three from `dist/core/python-bridge/`.
 *
 * @example
 * pythonKitPath(); // "/usr/lib/node_modules/sluice/python-kit"
 */
export function pythonKitPath(): string {
  for (const relative of ["../../python-kit", "../../../python-kit"]) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${path}/sluice_bridge/__main__.py`)) return path;
  }
  return fileURLToPath(new URL("../../python-kit", import.meta.url));
}
