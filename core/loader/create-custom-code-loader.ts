import { CustomCodeError, type CustomClassRequest, type CustomCodeLoader, type ErrorLocation, type LoadedClass } from "../../sdk/index.js";
import { parseClassName } from "./class-name.js";
import { customCodeRefused } from "./custom-code-refused.js";
import { customModuleUrl, ensureCustomModuleHooks } from "./custom-module-hooks.js";
import { pythonClass } from "./python-class.js";
import { resolveCustomModule } from "./resolve-custom-module.js";

/** Options of {@link createCustomCodeLoader}. */
export interface CustomCodeLoaderOptions {
  /** Whether code named by a manifest may run (see `resolveCustomCodeTrust`). */
  trusted: boolean;
}

/**
 * Creates the {@link CustomCodeLoader} service: `class_name` -> a module in the connector folder
 * (confined, symlinks resolved) -> imported through tsx with `sluice/sdk` mapped to this Sluice ->
 * the named export, which must be a class. A `.py` module is not imported here: the class is marked as
 * Python (`python`), to be constructed through the `PythonRuntime`. Checking the base class is the caller's job, since it
 * depends on the kind of component.
 *
 * @example
 * const loader = createCustomCodeLoader({ trusted: true });
 * const { value: TotalPages } = await loader.loadClass({ className: "source_demo.components.TotalPages", connectorDir: "/c/demo" });
 */
export function createCustomCodeLoader(options: CustomCodeLoaderOptions): CustomCodeLoader {
  return {
    trusted: options.trusted,
    async loadClass(request: CustomClassRequest): Promise<LoadedClass> {
      const where: ErrorLocation = { component: request.className, ...request.where };
      if (!options.trusted) throw customCodeRefused(request.className, where);
      const parsed = parseClassName(request.className, where);
      const { file } = await resolveCustomModule(request.connectorDir, parsed, where);
      if (file.endsWith(".py")) return pythonClass(file, parsed.modulePath.join("."), parsed.exportName, where);
      const module = await importModule(file, where);
      return { value: pickClass(module, parsed.exportName, file, where), file };
    },
  };
}

async function importModule(file: string, where: ErrorLocation): Promise<Record<string, unknown>> {
  await ensureCustomModuleHooks();
  try {
    return (await import(customModuleUrl(file))) as Record<string, unknown>;
  } catch (error) {
    throw new CustomCodeError("CUSTOM_CODE_LOAD", `Could not load ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      failureType: "config_error",
      where: { file, ...where },
      cause: error,
    });
  }
}

function pickClass(module: Record<string, unknown>, exportName: string, file: string, where: ErrorLocation): LoadedClass["value"] {
  const value = module[exportName];
  if (value === undefined) {
    const exports = Object.keys(module).filter((name) => name !== "default");
    throw new CustomCodeError("CUSTOM_CLASS_NOT_EXPORTED", `${file} does not export ${exportName}`, {
      failureType: "config_error",
      where: { file, ...where },
      expected: `a named export ${exportName} (export class ${exportName} ...)`,
      found: exports.length > 0 ? `exports: ${exports.join(", ")}` : "no named exports",
    });
  }
  if (typeof value !== "function" || typeof value.prototype !== "object") {
    throw new CustomCodeError("CUSTOM_CLASS_NOT_A_CLASS", `${exportName} in ${file} is not a class`, {
      failureType: "config_error",
      where: { file, ...where },
      expected: `export class ${exportName} ...`,
      found: value === null ? "null" : typeof value === "function" ? "an arrow function or bound function" : typeof value,
    });
  }
  return value as LoadedClass["value"];
}
