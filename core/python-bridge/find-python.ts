import { existsSync } from "node:fs";

/**
 * The Pythons to try, in order: `SLUICE_PYTHON` when set (and only it), else Debian's
 * `/usr/bin/python3` when it exists (the one that sees `apt-get install python3-requests` and the
 * other modules the kit's connectors import), else `python3` on PATH.
 *
 * @example
 * pythonCandidates({ SLUICE_PYTHON: "/opt/py/bin/python3" }); // ["/opt/py/bin/python3"]
 * pythonCandidates({});                                      // ["/usr/bin/python3", "python3"] on Debian
 */
export function pythonCandidates(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string[] {
  if (env.SLUICE_PYTHON) return [env.SLUICE_PYTHON];
  return exists("/usr/bin/python3") ? ["/usr/bin/python3", "python3"] : ["python3"];
}

/** The oldest Python the package supports (it uses `dict | dict` and `match`-free 3.10 typing). */
export const MIN_PYTHON = [3, 10] as const;

/**
 * Whether a version string (`3.11.2`) is at least {@link MIN_PYTHON}.
 *
 * @example
 * supportedPython("3.9.18"); // false
 */
export function supportedPython(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}
