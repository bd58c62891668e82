import { resolve } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import { buildImage, findImageEngine, imageBuildArgs, sluicePackageRoot, type BuildImageOptions, type ImageEngine } from "../../image/build-image.js";
import type { LeftOut } from "../../image/credential-files.js";
import { stageImageContext } from "../../image/stage-image-context.js";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";

function optionsOf(args: ParsedArgs, io: CliIO): BuildImageOptions {
  const text = (name: string) => (typeof args.values[name] === "string" ? (args.values[name] as string) : undefined);
  const tarball = text("sluice");
  return {
    connector: resolve(io.cwd, args.positionals[0] ?? "."),
    name: text("name"),
    version: text("version"),
    tag: text("tag"),
    engine: text("engine") as ImageEngine | undefined,
    sluiceTarball: tarball === undefined ? undefined : resolve(io.cwd, tarball),
    nodeImage: text("node-image"),
    engineOptions: (args.values["engine-option"] as string[] | undefined) ?? [],
  };
}

function shellWord(word: string): string {
  return /^[\w./:=@-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Says on stderr which files of the connector folder were left out of the image, and why (never their content). */
function printLeftOut(leftOut: readonly LeftOut[], io: CliIO): void {
  if (leftOut.length === 0) return;
  io.stderr.write(`sluice image: left out of the image (configuration or credentials; pass the config at run time):\n${leftOut.map((entry) => `  ${entry.path}: ${entry.reason}\n`).join("")}`);
}

/** --dry-run: stages the context and prints the command to build it by hand; the context is kept. */
function dryRun(options: BuildImageOptions, io: CliIO): number {
  let engine: string;
  try {
    engine = findImageEngine(options.engine);
  } catch {
    engine = options.engine ?? "docker";
  }
  const root = sluicePackageRoot();
  const context = stageImageContext(options.connector, options.sluiceTarball ? { kind: "tarball", file: options.sluiceTarball } : { kind: "installed", root }, root);
  printLeftOut(context.leftOut, io);
  // Both lines on stdout, the first a shell comment: what is printed can be pasted or piped into sh.
  io.stdout.write(`# build context staged in ${context.dir} (remove it when done)\n${[engine, ...imageBuildArgs(context, options)].map(shellWord).join(" ")}\n`);
  return 0;
}

async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const options = optionsOf(args, io);
  try {
    if (args.values["dry-run"]) return dryRun(options, io);
    const tag = await buildImage({ ...options, onLeftOut: (leftOut) => printLeftOut(leftOut, io) });
    io.stderr.write(`sluice image: built ${tag}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof SluiceError)) throw error;
    io.stderr.write(`sluice image: ${error.message} [${error.code}]${error.expected ? `\n  expected: ${error.expected}` : ""}${error.found ? `\n  found: ${error.found}` : ""}\n`);
    return error.failureType === "config_error" ? 2 : 1;
  }
}

/**
 * `sluice image`: builds the Airbyte source image of a connector folder, wherever it lives, with docker or
 * podman, from the running Sluice (or a packed tarball) and `deploy/connector.Dockerfile` (see docs/deploy.md).
 *
 * @example
 * sluice image ./source-things --name acme/source-things --version 1.0.0
 * sluice image ./source-things --engine podman --sluice ./sluice-0.1.0.tgz
 * sluice image ./source-things --dry-run   # stages the context, prints the build command
 */
export const command: CliCommand = {
  usage: "sluice image [CONNECTOR_FOLDER] [--name IMAGE] [--version V] [--tag T] [--engine docker|podman] [--sluice TGZ] [--dry-run]",
  options: {
    name: { type: "string", value: "IMAGE", description: "the image name and io.airbyte.name label (default sluice/source-<folder name>)" },
    version: { type: "string", value: "V", description: "the image tag and io.airbyte.version label (default dev)" },
    tag: { type: "string", value: "T", description: "the full tag, instead of IMAGE:V" },
    engine: { type: "string", value: "ENGINE", choices: ["docker", "podman"], description: "the container engine (default: docker, else podman, whichever is on the PATH)" },
    sluice: { type: "string", value: "TGZ", description: "a packed Sluice (npm pack) to put in the image (default: the running Sluice)" },
    "node-image": { type: "string", value: "IMAGE", description: "the base image (default node:20.18-bookworm-slim)" },
    "engine-option": { type: "string", multiple: true, value: "ARG", description: "an extra argument for the engine's build, e.g. --engine-option=--isolation=chroot" },
    "dry-run": { type: "boolean", description: "stage the build context and print the build command instead of running it" },
  },
  allowPositionals: true,
  run,
};
