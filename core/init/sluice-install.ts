import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { sluicePackageRoot } from "../image/build-image.js";

/**
 * The Sluice package a connector was made with, as its CI installs it again: the running package's name
 * and version, and, when it was installed from a registry, the tarball it came from and that tarball's
 * integrity (from the install's lockfile). Without them (a source checkout, a local tarball) CI installs
 * the tarball committed beside the connector (`sluice-0.1.0.tgz`).
 */
export interface SluiceInstall {
  name: string;
  version: string;
  /** The https URL of the tarball, as the lockfile resolved it. */
  resolved?: string;
  /** Its Subresource Integrity (`sha512-...`), as the lockfile recorded it. */
  integrity?: string;
}

const NAME = /^(?:@[a-z0-9._-]+\/)?[a-z0-9._-]+$/;
const VERSION = /^[0-9A-Za-z.+-]+$/;
const RESOLVED = /^https:\/\/[A-Za-z0-9._~:/?#@!$&()*+,;=%-]+$/;
const INTEGRITY = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * The running Sluice as its package (the folder holding its `package.json`, by default the running one) and
 * the lockfile of the tree it was installed in (`node_modules/.package-lock.json`, or the project's
 * `package-lock.json`) say: what a generated CI workflow pins. Every value is checked to be shell-safe
 * (a name, a version, an https URL, an SRI hash); a resolved URL or integrity that is not is left out.
 *
 * @example
 * runningSluiceInstall(); // { name: "sluice", version: "0.1.0" } in a source checkout
 */
export function runningSluiceInstall(root: string = sluicePackageRoot()): SluiceInstall {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
  if (typeof pkg.name !== "string" || !NAME.test(pkg.name) || typeof pkg.version !== "string" || !VERSION.test(pkg.version)) {
    throw new SluiceError("IMAGE_SLUICE_PACKAGE_INVALID", "The running Sluice's package.json has no usable name and version", { where: { file: join(root, "package.json") }, expected: "a package name and a version", found: `${String(pkg.name)}@${String(pkg.version)}` });
  }
  const install: SluiceInstall = { name: pkg.name, version: pkg.version };
  const entry = lockEntry(root, pkg.name);
  if (entry && entry.version === pkg.version && typeof entry.resolved === "string" && RESOLVED.test(entry.resolved) && typeof entry.integrity === "string" && INTEGRITY.test(entry.integrity)) {
    install.resolved = entry.resolved;
    install.integrity = entry.integrity;
  }
  return install;
}

/** The lockfile's entry for the package at `root`, when `root` is `.../node_modules/<name>`. */
function lockEntry(root: string, name: string): { version?: unknown; resolved?: unknown; integrity?: unknown } | undefined {
  const modules = name.startsWith("@") ? dirname(dirname(root)) : dirname(root);
  if (!modules.endsWith("node_modules") || join(modules, name) !== root) return undefined;
  for (const lockfile of [join(modules, ".package-lock.json"), join(dirname(modules), "package-lock.json")]) {
    if (!existsSync(lockfile)) continue;
    try {
      const lock = JSON.parse(readFileSync(lockfile, "utf8")) as { packages?: Record<string, { version?: unknown; resolved?: unknown; integrity?: unknown }> };
      const entry = lock.packages?.[`node_modules/${name}`];
      if (entry) return entry;
    } catch {
      // an unreadable lockfile pins nothing: the tarball beside the connector is used
    }
  }
  return undefined;
}

/** The file `npm pack` names a package's tarball: `sluice-0.1.0.tgz`, `scope-name-1.2.3.tgz`. */
export function tarballName(install: SluiceInstall): string {
  return `${install.name.replace(/^@/, "").replace("/", "-")}-${install.version}.tgz`;
}

/**
 * The workflow steps that install `install` (YAML, indented for a job's `steps:`): with a resolved URL and
 * integrity, the tarball is downloaded, its integrity checked (a different file stops the job before
 * anything of it runs) and installed from the file; otherwise the tarball committed beside the connector
 * is installed. Never a bare package name, which a registry may give to anyone.
 *
 * @example
 * workflowInstallSteps({ name: "sluice", version: "0.1.0" }); // "      - name: Install Sluice 0.1.0 ...\n        run: npm install -g ./sluice-0.1.0.tgz\n"
 */
export function workflowInstallSteps(install: SluiceInstall): string {
  const file = tarballName(install);
  if (!install.resolved || !install.integrity) {
    return `      # The Sluice this connector was made with (${install.name} ${install.version}), pinned as a tarball committed
      # beside the connector: run \`npm pack\` in that Sluice's folder and commit ${file} here.
      - name: Install ${install.name} ${install.version} (the tarball beside the connector)
        run: npm install -g ./${file}
`;
  }
  const verify = `const [file, want] = process.argv.slice(1); const algorithm = want.split("-")[0]; const got = algorithm + "-" + require("crypto").createHash(algorithm).update(require("fs").readFileSync(file)).digest("base64"); if (got !== want) { console.error(file + " is not the Sluice this connector was made with: integrity " + got + ", expected " + want); process.exit(1); }`;
  return `      # The Sluice this connector was made with, pinned: ${install.name} ${install.version}, checked against the
      # integrity its install recorded before anything of it is installed.
      - name: Install ${install.name} ${install.version} (pinned by integrity)
        run: |
          curl -fsSL -o ${file} '${install.resolved}'
          node -e '${verify}' ${file} '${install.integrity}'
          npm install -g ./${file}
`;
}
