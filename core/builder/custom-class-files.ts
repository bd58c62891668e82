import { relative } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { parseClassName } from "../loader/class-name.js";
import { moduleCandidates } from "../loader/module-candidates.js";
import { resolveCustomModule } from "../loader/resolve-custom-module.js";
import type { CustomClassFile } from "./builder-api-types.js";
import { isInlineSchemaBody } from "../manifest/inline-schema-body.js";

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
  const names = new Set<string>();
  collect(resolved, names);
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

/** The custom class names under `value`; the top-level `schemas` and inline schemas are JSON Schema, not components, and are not walked. */
function collect(value: unknown, names: Set<string>, top = true): void {
  if (Array.isArray(value)) for (const item of value) collect(item, names, false);
  else if (value && typeof value === "object") {
    const def = value as Record<string, unknown>;
    if (typeof def.class_name === "string" && typeof def.type === "string" && def.type.startsWith("Custom")) names.add(def.class_name);
    for (const key in def) if (!(top && key === "schemas") && !isInlineSchemaBody(def, key)) collect(def[key], names, false);
  }
}
