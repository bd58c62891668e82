import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { packageRoot } from "../package-root.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * The Builder's page: the files `npm run build` bundles into `dist/builder-ui/` (scripts/build.mjs),
 * read once into memory. Only these names are served; nothing else on disk is reachable by a path.
 *
 * @example
 * const assets = await BuilderAssets.locate();
 * assets.get("/index.html")?.type; // "text/html; charset=utf-8"
 */
export class BuilderAssets {
  private constructor(private readonly files: ReadonlyMap<string, { type: string; body: Buffer }>) {}

  /** Reads `dist/builder-ui/` of the package this file belongs to (from the source tree or the installed package). */
  static async locate(): Promise<BuilderAssets> {
    const folder = join(packageRoot(), "dist", "builder-ui");
    if (!existsSync(join(folder, "index.html"))) {
      throw new SluiceError("BUILDER_ASSETS_MISSING", "The Builder's page is not built", { failureType: "system_error", where: { file: folder }, expected: "dist/builder-ui/index.html (npm run build)", found: "no such file" });
    }
    const files = new Map<string, { type: string; body: Buffer }>();
    for (const name of await readdir(folder)) {
      const type = TYPES[extname(name)];
      if (type) files.set(`/${name}`, { type, body: await readFile(join(folder, name)) });
    }
    return new BuilderAssets(files);
  }

  get(path: string): { type: string; body: Buffer } | undefined {
    return this.files.get(path);
  }
}
