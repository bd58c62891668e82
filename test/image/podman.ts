/**
 * Builds and runs images with podman for the image suite (scripts/test-image.sh), the way the Airbyte
 * platform runs a source: `sh -c 'eval "$AIRBYTE_ENTRYPOINT <command>"'` as the image's user, with the
 * launcher's environment, the platform's files mounted read-only under /source, and the host's loopback
 * (the test APIs) reachable.
 *
 * This machine's cgroups are a v1/v2 hybrid, which podman's default runtime (crun) refuses, and its
 * rlimits may not be raised, so containers run with runc and explicit ulimits; builds use
 * `--isolation=chroot`, which needs no daemon.
 */
import { spawn, spawnSync } from "node:child_process";
import { PLATFORM_ENV } from "../support/platform-env.js";
import { assertProtocolOutput } from "../support/protocol-schema.js";

/** The base image scripts/image-base.sh made (debootstrap + this machine's Node, a `node` user). */
export const NODE_IMAGE = process.env.SLUICE_TEST_NODE_IMAGE ?? "";
const GLOBAL_OPTIONS = ["--runtime", "runc"];
export const BUILD_OPTIONS = ["--isolation=chroot"];
const RUN_OPTIONS = ["--ulimit", "nofile=4096:4096", "--ulimit", "nproc=4096:4096", "--network", "host"];

/** What one container printed, stdout parsed as protocol messages (each checked against the schema). */
export interface ContainerRun {
  code: number;
  stdout: string;
  stderr: string;
  messages: Array<Record<string, any>>;
}

/** Runs podman and returns its output; throws with the output when it fails. */
export function podman(args: string[], options: { allowFailure?: boolean } = {}): { code: number; stdout: string; stderr: string } {
  const result = spawnSync("podman", [...GLOBAL_OPTIONS, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const run = { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
  if (run.code !== 0 && !options.allowFailure) throw new Error(`podman ${args.join(" ")} failed (${run.code}):\n${run.stderr.slice(-4000)}`);
  return run;
}

/** Options of one platform-style container run. */
export interface PlatformRun {
  image: string;
  /** The command after `$AIRBYTE_ENTRYPOINT`, e.g. `read --config /source/connectorConfig.json --catalog /source/catalog.json`. */
  command: string;
  /** A host folder mounted read-only at /source. */
  source: string;
  name?: string;
  /** Called with the container's name once it has started, to act on it (send a signal). */
  whileRunning?: (name: string, stdoutSoFar: () => string) => Promise<void>;
}

/** `sh -c 'eval "$AIRBYTE_ENTRYPOINT <command>"'` in the image, as the platform's launcher runs it. */
export async function platformRun(options: PlatformRun): Promise<ContainerRun> {
  const name = options.name ?? `sluice-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const env = Object.entries(PLATFORM_ENV).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  const args = ["run", "--rm", "--name", name, ...RUN_OPTIONS, ...env, "-v", `${options.source}:/source:ro`, "--entrypoint", "sh", options.image, "-c", `eval "$AIRBYTE_ENTRYPOINT ${options.command}"`];
  const child = spawn("podman", [...GLOBAL_OPTIONS, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const closed = new Promise<number>((done) => child.on("close", (code) => done(code ?? 1)));
  if (options.whileRunning) await options.whileRunning(name, () => stdout);
  const code = await closed;
  return { code, stdout, stderr, messages: assertProtocolOutput(stdout) };
}

/** Runs a shell command in the image as its user and returns its output (for looking at files and users). */
export function shellIn(image: string, script: string): { code: number; stdout: string; stderr: string } {
  return podman(["run", "--rm", ...RUN_OPTIONS, "--entrypoint", "sh", image, "-c", script], { allowFailure: true });
}

/** Sends a signal to the `sluice` process inside a running container (not to the shell that started it). */
export function signalSluice(container: string, signal: "TERM" | "INT"): void {
  const script = `for p in /proc/[0-9]*; do case "$(tr '\\0' ' ' < $p/cmdline 2>/dev/null)" in node*bin/sluice*) kill -${signal} "\${p#/proc/}";; esac; done`;
  podman(["exec", container, "sh", "-c", script]);
}

/** Waits until `check` is true, polling every 50 ms, for at most `ms`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
