import { realpath, stat } from "node:fs/promises";
import { relative, sep } from "node:path";
import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";
import type { ParsedClassName } from "./class-name.js";
import { moduleCandidates } from "./module-candidates.js";

/** The module a `class_name` resolved to. */
export interface ResolvedCustomModule {
  /** The module's real path (symlinks resolved), inside the connector folder. */
  file: string;
  /** Every candidate looked at, in order, up to and including the one found. */
  tried: string[];
}

/**
 * Finds the module a parsed `class_name` names inside the connector folder. The first candidate
 * that exists wins; its real path (symlinks resolved) must sit inside the connector folder's real
 * path, otherwise the class is refused rather than skipped, so a symlink can never redirect a
 * class name to code elsewhere on the machine.
 *
 * @example
 * await resolveCustomModule("/c/acme", parseClassName("components.TotalPages"));
 * // { file: "/c/acme/components.ts", tried: ["/c/acme/components.ts"] }
 */
export async function resolveCustomModule(connectorDir: string, parsed: ParsedClassName, where: ErrorLocation = {}): Promise<ResolvedCustomModule> {
  const root = await realRoot(connectorDir, where);
  const candidates = moduleCandidates(connectorDir, parsed.modulePath);
  const tried: string[] = [];
  for (const candidate of candidates) {
    tried.push(candidate);
    const info = await stat(candidate).catch(() => undefined);
    if (!info?.isFile()) continue;
    const file = await realpath(candidate);
    if (!file.startsWith(root + sep)) {
      throw new CustomCodeError("CUSTOM_CODE_OUTSIDE_CONNECTOR", `${candidate} leads outside the connector folder`, {
        failureType: "config_error",
        where,
        expected: `a module inside ${root}`,
        found: `${relative(connectorDir, candidate)} -> ${file}`,
      });
    }
    return { file, tried };
  }
  const name = [...parsed.modulePath, parsed.exportName].join(".");
  throw new CustomCodeError("CUSTOM_CODE_NOT_FOUND", `No module for class_name ${name} in ${connectorDir}`, {
    failureType: "config_error",
    where,
    expected: `one of: ${tried.map((file) => relative(connectorDir, file)).join(", ")}`,
    found: "none of these files",
  });
}

async function realRoot(connectorDir: string, where: ErrorLocation): Promise<string> {
  try {
    return await realpath(connectorDir);
  } catch (error) {
    throw new CustomCodeError("CUSTOM_CODE_NOT_FOUND", `The connector folder ${connectorDir} does not exist`, {
      failureType: "config_error",
      where,
      cause: error,
      expected: "the folder of the manifest, holding the custom modules",
      found: "no such folder",
    });
  }
}
