// `npm run cache:deps`: puts Sluice's runtime dependencies, with their package documents, into npm's cache,
// so that another project can install the packed tarball offline afterwards:
//
//   npm run cache:deps                          # once, while online (in the Sluice clone)
//   npm pack                                    # sluice-<version>.tgz
//   cd ../my-host && npm install --offline ../sluice/sluice-0.1.0.tgz
//
// `npm ci` caches the dependencies' tarballs but not the registry's documents that `npm install` resolves
// versions with, which is why a plain offline install fails with ENOTCACHED.
import { execFileSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const tree = JSON.parse(execFileSync(npm, ["ls", "--omit=dev", "--all", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }));
const specs = new Set();
(function visit(dependencies = {}) {
  for (const [name, info] of Object.entries(dependencies)) {
    if (info.version && !info.resolved?.startsWith("file:")) specs.add(`${name}@${info.version}`);
    visit(info.dependencies);
  }
})(tree.dependencies);
execFileSync(npm, ["cache", "add", ...specs], { stdio: "inherit" });
process.stdout.write(`cache-dependencies: ${specs.size} packages in npm's cache; \`npm install --offline <sluice tarball>\` now works in another project\n`);
