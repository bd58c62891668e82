// Transpiles sdk/, python/, templates/, oauth-consent/, core/ and plugins/ to dist/ with esbuild, one output file per source file.
// Type checking is `npm run typecheck`; this step only has to be fast, so `npm install` leaves a working CLI.
import { build } from "esbuild";
import { readdirSync, statSync, rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sources = [];
function collect(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) sources.push(path);
  }
}
for (const top of ["sdk", "python", "templates", "oauth-consent", "core", "plugins"]) collect(join(root, top));

rmSync(join(root, "dist"), { recursive: true, force: true });
await build({
  entryPoints: sources,
  outdir: join(root, "dist"),
  outbase: root,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
});
