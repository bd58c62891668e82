import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SluiceError } from "../../sdk/index.js";
import type { LeftOut } from "./credential-files.js";
import { packageRoot } from "../package-root.js";
import { stageImageContext, type ImageContext } from "./stage-image-context.js";

/** The container engines `sluice image` can drive; both take the same `build` arguments. */
const IMAGE_ENGINES = ["docker", "podman"] as const;
export type ImageEngine = (typeof IMAGE_ENGINES)[number];

/**
 * What to build: a connector folder anywhere on disk, into an Airbyte source image.
 *
 * @example
 * await buildImage({ connector: "./source-things", name: "acme/source-things", version: "1.0.0", engine: "podman" });
 */
export interface BuildImageOptions {
  /** The connector folder (its manifest, custom components, schema files). */
  connector: string;
  /** The image name and `io.airbyte.name` label; default `sluice/source-<folder name>`. */
  name?: string;
  /** The tag and `io.airbyte.version` label; default `dev`. */
  version?: string;
  /** The full tag, instead of `name:version`. */
  tag?: string;
  /** docker or podman; default the first one on the PATH. */
  engine?: ImageEngine;
  /** A packed Sluice (`npm pack`'s .tgz) to put in the image instead of the running one. */
  sluiceTarball?: string;
  /** The base image (`NODE_IMAGE`); default the Dockerfile's `node:20.18-bookworm-slim`. */
  nodeImage?: string;
  /** Extra arguments for the engine's `build`, verbatim (e.g. `--isolation=chroot` for podman in a container). */
  engineOptions?: string[];
  /** Told what was left out of the connector folder because it holds configuration or credentials (the CLI prints it). */
  onLeftOut?: (leftOut: readonly LeftOut[]) => void;
  /** Where the engine's output goes; default inherited. */
  stdio?: "inherit" | "ignore";
}

/** The root of the running Sluice package (the folder of its package.json); an error when it has none. */
export function sluicePackageRoot(): string {
  const root = packageRoot();
  if (existsSync(join(root, "package.json"))) return root;
  throw new SluiceError("IMAGE_SLUICE_PACKAGE_INVALID", "the running Sluice has no package.json above it", { where: { file: fileURLToPath(import.meta.url) } });
}

/** The engine to use: the one asked for, or the first of docker and podman on the PATH. */
export function findImageEngine(preferred?: ImageEngine): ImageEngine {
  const candidates = preferred ? [preferred] : IMAGE_ENGINES;
  for (const engine of candidates) if (spawnSync(engine, ["--version"], { stdio: "ignore" }).status === 0) return engine;
  throw new SluiceError("IMAGE_ENGINE_MISSING", `${candidates.join(" or ")} is not on the PATH`, { expected: candidates.join(" or "), found: "neither" });
}

/** The image's name and version (its labels) and tag for these options. */
export function imageNaming(options: Pick<BuildImageOptions, "connector" | "name" | "version" | "tag">): { name: string; version: string; tag: string } {
  // A tag's version is what follows its last colon, unless that colon belongs to a registry's port.
  const colon = options.tag ? options.tag.lastIndexOf(":") : -1;
  const tagged = options.tag && colon > options.tag.lastIndexOf("/") ? { name: options.tag.slice(0, colon), version: options.tag.slice(colon + 1) } : undefined;
  const name = options.name ?? tagged?.name ?? options.tag ?? `sluice/source-${basename(resolve(options.connector)).replace(/^source[-_]/, "").toLowerCase()}`;
  const version = options.version ?? tagged?.version ?? "dev";
  return { name, version, tag: options.tag ?? `${name}:${version}` };
}

/** Debian's Python and the modules the kit's connectors import, installed in an image whose connector has Python components. */
export const IMAGE_PYTHON_PACKAGES = "python3 python3-requests python3-dateutil python3-pendulum python3-isodate python3-backoff";

/** Whether a connector folder holds a Python module (its components run in Python), looked for two levels down. */
export function hasPythonModules(folder: string, depth = 2): boolean {
  const entries = readdirSync(folder, { withFileTypes: true });
  return entries.some((entry) => (entry.isFile() && entry.name.endsWith(".py")) || (depth > 0 && entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules" && hasPythonModules(join(folder, entry.name), depth - 1)));
}

/** The engine's `build` arguments for a staged context (with `PYTHON_PACKAGES` when the connector has Python modules). */
export function imageBuildArgs(context: Pick<ImageContext, "dir" | "dockerfile">, options: BuildImageOptions): string[] {
  const { name, version, tag } = imageNaming(options);
  const nodeImage = options.nodeImage ? ["--build-arg", `NODE_IMAGE=${options.nodeImage}`] : [];
  const labels = ["--build-arg", `CONNECTOR_IMAGE_NAME=${name}`, "--build-arg", `CONNECTOR_VERSION=${version}`];
  const python = hasPythonModules(options.connector) ? ["--build-arg", `PYTHON_PACKAGES=${IMAGE_PYTHON_PACKAGES}`] : [];
  return ["build", ...(options.engineOptions ?? []), "-f", context.dockerfile, ...nodeImage, ...labels, ...python, "-t", tag, context.dir];
}

/**
 * Builds the Airbyte source image of a connector folder that may live anywhere: stages a build context
 * (the Sluice package and the connector folder, credentials left out), runs `docker build` or
 * `podman build` with the package's `deploy/connector.Dockerfile`, removes the context, and returns the tag.
 *
 * @example
 * const tag = await buildImage({ connector: "./source-things", version: "1.0.0" }); // "sluice/source-things:1.0.0"
 */
export async function buildImage(options: BuildImageOptions): Promise<string> {
  const engine = findImageEngine(options.engine);
  const root = sluicePackageRoot();
  const context = stageImageContext(options.connector, options.sluiceTarball ? { kind: "tarball", file: resolve(options.sluiceTarball) } : { kind: "installed", root }, root);
  if (context.leftOut.length > 0) options.onLeftOut?.(context.leftOut);
  try {
    const code = await new Promise<number>((done) => {
      const child = spawn(engine, imageBuildArgs(context, options), { stdio: options.stdio ?? "inherit" });
      child.on("error", () => done(127));
      child.on("close", (status) => done(status ?? 1));
    });
    if (code !== 0) throw new SluiceError("IMAGE_BUILD_FAILED", `${engine} build of ${resolve(options.connector)} ended with exit code ${code}`, { found: `exit code ${code}` });
    return imageNaming(options).tag;
  } finally {
    context.remove();
  }
}
