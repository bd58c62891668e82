import { relative } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { parseClassName } from "../loader/class-name.js";
import { moduleCandidates } from "../loader/module-candidates.js";
import { resolveCustomModule } from "../loader/resolve-custom-module.js";
import type { CustomClassFile } from "./builder-api-types.js";
import { customClassSites } from "../manifest/custom-class-sites.js";

export type { CustomClassFile } from "./builder-api-types.js";

/**
 * Each custom `class_name` of a resolved manifest with whether its module exists in the connector
 * folder, for the page to say so next to the Class Name. Only the file is looked for (the loader's own
 * resolution: confined to the folder, symlinks resolved); nothing is imported, so it holds without trust.
 *
 * @example
 * await customClassFiles({ streams: [{ ... authenticator: { type: "CustomAuthenticator", class_name: "components.Signer" } }] }, "/c/acme")
 * // { "components.Signer": { file: "components.ts", language: "typescript", tried: ["components.ts"] } }
 */
export async function customClassFiles(resolved: unknown, dir: string): Promise<Record<string, CustomClassFile>> {
  // Unused definitions too: the page shows a definition's Class Name as well.
  const names = new Set(customClassSites(resolved, { definitions: true }).map((site) => site.className));
  const out: Record<string, CustomClassFile> = {};
  for (const className of names) {
    let candidates: string[] = [];
    try {
      const parsed = parseClassName(className);
      candidates = moduleCandidates(dir, parsed.modulePath);
      const found = await resolveCustomModule(dir, parsed);
      const language = found.file.endsWith(".py") ? "python" : "typescript";
      out[className] = { file: relative(dir, found.file), language, tried: found.tried.map((f) => relative(dir, f)) };
    } catch (error) {
      if (!(error instanceof SluiceError)) throw error;
      out[className] = { tried: candidates.map((f) => relative(dir, f)), problem: error.message };
    }
  }
  return out;
}
