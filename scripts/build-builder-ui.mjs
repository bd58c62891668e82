// Bundles the Builder's page (builder-ui/: Preact and CodeMirror 6, see docs/builder.md) into
// dist/builder-ui/ with the esbuild the package build already uses: one minified app.js, app.css and
// index.html, served by `sluice builder` from the package. Nothing is loaded from the network.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/** Writes dist/builder-ui/ under `root`; returns the bundle's size in bytes. */
export async function buildBuilderUi(root) {
  const out = join(root, "dist", "builder-ui");
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: [join(root, "builder-ui", "main.tsx")],
    outfile: join(out, "app.js"),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: ["chrome110", "firefox110", "safari16"],
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "eof",
    metafile: true,
    logLevel: "warning",
  });
  for (const name of ["index.html", "app.css"]) copyFileSync(join(root, "builder-ui", name), join(out, name));
  return Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
}
