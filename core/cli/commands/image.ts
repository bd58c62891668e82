import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";

/** The Sluice folder holding the Dockerfile: the repository root (this file is core/cli/commands/ or dist/core/cli/commands/). */
function sluiceRoot(): string | undefined {
  for (const up of ["../../..", "../../../.."]) {
    const dir = fileURLToPath(new URL(`${up}/`, import.meta.url));
    if (existsSync(join(dir, "Dockerfile")) && existsSync(join(dir, "core"))) return resolve(dir);
  }
  return undefined;
}

/** The `docker build` arguments for a connector folder, or the reason there are none. */
export function imageBuildArgs(args: ParsedArgs, cwd: string, root: string): { argv: string[] } | { error: string } {
  const folder = resolve(cwd, args.positionals[0] ?? ".");
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return { error: `${folder} is not a folder` };
  const inside = relative(root, folder);
  if (inside.startsWith("..") || isAbsolute(inside)) return { error: `the connector folder must lie inside ${root} (the build context), found ${folder}` };
  const name = typeof args.values.name === "string" ? args.values.name : `sluice/source-${basename(folder).replace(/^source[-_]/, "").toLowerCase()}`;
  const version = typeof args.values.version === "string" ? args.values.version : "dev";
  const tag = typeof args.values.tag === "string" ? args.values.tag : `${name}:${version}`;
  return {
    argv: ["build", "-f", join(root, "Dockerfile"), "--build-arg", `CONNECTOR=${inside || "."}`, "--build-arg", `CONNECTOR_IMAGE_NAME=${name}`, "--build-arg", `CONNECTOR_VERSION=${version}`, "-t", tag, root],
  };
}

async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const root = sluiceRoot();
  if (!root) {
    io.stderr.write("sluice image: this Sluice has no Dockerfile (an npm install carries none); build from a clone of the Sluice repository\n");
    return 1;
  }
  const built = imageBuildArgs(args, io.cwd, root);
  if ("error" in built) {
    io.stderr.write(`sluice image: ${built.error}\n`);
    return 2;
  }
  const line = `docker ${built.argv.map((a) => (/^[\w./:=@-]+$/.test(a) ? a : JSON.stringify(a))).join(" ")}`;
  if (args.values["dry-run"]) {
    io.stdout.write(`${line}\n`);
    return 0;
  }
  io.stderr.write(`${line}\n`);
  return new Promise((done) => {
    const child = spawn("docker", built.argv, { stdio: "inherit" });
    child.on("error", (error: NodeJS.ErrnoException) => {
      io.stderr.write(`sluice image: could not run docker (${error.code ?? error.message}); is it installed and on the PATH?\n`);
      done(1);
    });
    child.on("close", (code) => done(code ?? 1));
  });
}

/**
 * `sluice image`: builds the Airbyte source image of a connector folder with the repository's Dockerfile
 * (see docs/deploy.md). The folder must lie inside the Sluice repository, which is the build context.
 *
 * @example
 * sluice image examples/demo --name acme/source-demo --version 0.1.0
 * sluice image examples/demo --dry-run   # prints the docker build command
 */
export const command: CliCommand = {
  usage: "sluice image [CONNECTOR_FOLDER] [--name IMAGE] [--version V] [--tag T] [--dry-run]",
  options: {
    name: { type: "string", value: "IMAGE", description: "the image name and io.airbyte.name label (default sluice/source-<folder name>)" },
    version: { type: "string", value: "V", description: "the image tag and io.airbyte.version label (default dev)" },
    tag: { type: "string", value: "T", description: "the full tag, instead of IMAGE:V" },
    "dry-run": { type: "boolean", description: "print the docker build command instead of running it" },
  },
  allowPositionals: true,
  run,
};
