import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve, sep } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { SEARCH_PLACES } from "../manifest/load-manifest.js";
import { leftOutReason, type LeftOut } from "./credential-files.js";

/**
 * What never goes into an image's build context from a connector folder: credentials (the `secrets/`
 * folder of testing values, `.env` files, config lock files) and what is not the connector's (dependencies,
 * git). The repository's `.dockerignore` says the same for a build from a clone (test/deploy checks both).
 */
export const EXCLUDED_FROM_IMAGE = ["secrets", ".env", ".env.*", "*.lock", "node_modules", ".git", ".DS_Store"] as const;

/** The files of the Sluice package an image needs (what the repository's Dockerfile copies, built). */
const SLUICE_FILES = ["package.json", "package-lock.json", "LICENSE", "bin", "dist", "python-kit"] as const;

/** Where the Sluice package an image carries comes from. */
type SluiceSource = { kind: "installed"; root: string } | { kind: "tarball"; file: string };

/** A staged build context, with a way to remove it. */
export interface ImageContext {
  /** The folder to pass to `docker build` / `podman build`: `sluice/` and `connector/`. */
  dir: string;
  /** `deploy/connector.Dockerfile` of the Sluice being staged. */
  dockerfile: string;
  /** What was left out of the connector folder because it holds configuration or credentials (secrets/, .env and the rest of {@link EXCLUDED_FROM_IMAGE} are not listed). */
  leftOut: LeftOut[];
  remove(): void;
}

function excluded(name: string): boolean {
  return EXCLUDED_FROM_IMAGE.some((pattern) =>
    pattern.startsWith("*") ? name.endsWith(pattern.slice(1)) : pattern.endsWith(".*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern,
  );
}

/** Throws IMAGE_CONNECTOR_INVALID unless `folder` is a folder holding a manifest. */
function assertConnectorFolder(folder: string): void {
  const stat = statSync(folder, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) {
    throw new SluiceError("IMAGE_CONNECTOR_INVALID", `${folder} is not a folder`, { expected: "a connector folder", found: stat ? "a file" : "nothing at that path" });
  }
  const manifests = SEARCH_PLACES.filter((name) => name !== "package.json");
  if (!manifests.some((name) => existsSync(join(folder, name)))) {
    throw new SluiceError("IMAGE_CONNECTOR_INVALID", `${folder} holds no connector manifest`, {
      expected: `one of ${manifests.filter((n) => n.startsWith("manifest")).join(", ")} (or a sluice.config.* / .sluicerc* file)`,
      found: readdirSync(folder).slice(0, 10).join(", ") || "an empty folder",
    });
  }
}

function stageSluice(source: SluiceSource, into: string): void {
  mkdirSync(into);
  if (source.kind === "tarball") {
    if (!existsSync(source.file)) throw new SluiceError("IMAGE_SLUICE_PACKAGE_INVALID", `no such file: ${source.file}`, { expected: "the .tgz file `npm pack` made" });
    // An npm tarball holds one folder, package/.
    execFileSync("tar", ["-xzf", source.file, "-C", into, "--strip-components=1"], { stdio: ["ignore", "ignore", "pipe"] });
  } else {
    for (const name of SLUICE_FILES) {
      const from = join(source.root, name);
      if (existsSync(from)) cpSync(from, join(into, name), { recursive: true, filter: (path) => basename(path) !== "__pycache__" });
    }
  }
  const manifest = existsSync(join(into, "package.json")) ? (JSON.parse(readFileSync(join(into, "package.json"), "utf8")) as { name?: string }) : {};
  if (manifest.name !== "sluice" || !existsSync(join(into, "dist", "core", "index.js")) || !existsSync(join(into, "bin", "sluice.js"))) {
    const where = source.kind === "tarball" ? source.file : source.root;
    throw new SluiceError("IMAGE_SLUICE_PACKAGE_INVALID", `${where} is not a built Sluice package`, {
      expected: "package.json named sluice, bin/sluice.js and dist/core/index.js",
      found: manifest.name === "sluice" ? "no dist/ (run `npm run build`)" : `package ${JSON.stringify(manifest.name ?? null)}`,
    });
  }
}

/**
 * Stages the build context of a connector's image in a new temporary folder: the Sluice package under
 * `sluice/` (from the installed package, or a packed tarball) and the connector folder under
 * `connector/`, leaving out {@link EXCLUDED_FROM_IMAGE} and every file or folder that holds configuration
 * or credentials by its name or content ({@link leftOutReason}: a root `config.json`, `.npmrc`, `secrets.bak/`,
 * a private key, a JSON file with an API key), listed in `leftOut`. Nothing is written into the connector folder.
 *
 * @example
 * const context = stageImageContext("./source-things", { kind: "installed", root: sluiceRoot });
 * try { spawnSync("podman", ["build", "-f", context.dockerfile, "-t", "acme/source-things:dev", context.dir]); }
 * finally { context.remove(); }
 */
export function stageImageContext(connectorFolder: string, sluice: SluiceSource, installedRoot: string): ImageContext {
  const folder = resolve(connectorFolder);
  assertConnectorFolder(folder);
  const dir = mkdtempSync(join(tmpdir(), "sluice-image-context-"));
  const leftOut: LeftOut[] = [];
  try {
    stageSluice(sluice, join(dir, "sluice"));
    cpSync(folder, join(dir, "connector"), { recursive: true, filter: (from) => from === folder || !(excluded(basename(from)) || leftOutOf(folder, from, leftOut)) });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, dockerfile: join(installedRoot, "deploy", "connector.Dockerfile"), leftOut, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Whether `from` holds configuration or credentials (credential-files.ts), noted in `into` when it does. */
function leftOutOf(folder: string, from: string, into: LeftOut[]): boolean {
  const path = relative(folder, from).split(sep).join("/");
  // The manifest and Sluice's config files at the folder's root are the connector: judged by name only.
  const reason = leftOutReason(from, basename(from), !path.includes("/") && (SEARCH_PLACES as readonly string[]).includes(path));
  if (reason) into.push({ path, reason });
  return reason !== undefined;
}
