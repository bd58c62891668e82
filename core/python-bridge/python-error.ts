import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";
import type { PythonFailure } from "./bridge-protocol.js";

/** Debian's package for a module the kit's connectors import (docs/custom-components.md#python-components). */
const DEBIAN_PACKAGES: Record<string, string> = {
  requests: "python3-requests",
  dateutil: "python3-dateutil",
  pendulum: "python3-pendulum",
  isodate: "python3-isodate",
  backoff: "python3-backoff",
  yaml: "python3-yaml",
};

/**
 * What to install for a missing module, for the Python Sluice runs.
 *
 * @example
 * installHint("pendulum", "/usr/bin/python3"); // "apt-get install python3-pendulum (or pip install pendulum for /usr/bin/python3)"
 */
export function installHint(module: string, python: string): string {
  const top = module.split(".")[0]!;
  if (top === "airbyte_cdk") return "a kit module or name Sluice's Python package does not provide (docs/custom-components.md#python-components lists what it does)";
  const pip = `pip install ${top} for ${python}`;
  return DEBIAN_PACKAGES[top] ? `apt-get install ${DEBIAN_PACKAGES[top]} (or ${pip})` : pip;
}

/** A missing module in the component's own package (`source_adjust.model` for `source_adjust.components.X`), other than the kit's `source_declarative_manifest`. */
function ownPackageModule(module: string, className: string): boolean {
  const top = className.split(".")[0]!;
  return top !== "source_declarative_manifest" && module.split(".")[0] === top && module !== top;
}

/** Who failed, for {@link pythonFailureError}. */
export interface PythonFailureSite {
  /** The manifest's `class_name`. */
  className: string;
  /** The Python method, or `constructor`. */
  method: string;
  where?: ErrorLocation;
  /** The Python that ran it, for install hints. */
  python: string;
  /** Masks credentials in what Python said. */
  redact(text: string): string;
}

/**
 * The `SluiceError` a Python failure becomes: a missing module names the module, the component and
 * what to install; a missing class lists the module's classes; anything else names the class, the
 * method and the Python error's last line.
 *
 * @example
 * pythonFailureError({ kind: "raised", type: "KeyError", message: "'items'", last_line: "KeyError: 'items'" }, site);
 * // PYTHON_COMPONENT_FAILED: source_acme.components.Items.extract_records raised KeyError: 'items'
 */
export function pythonFailureError(failure: PythonFailure, site: PythonFailureSite): CustomCodeError {
  const where: ErrorLocation = { component: site.className, ...site.where };
  const lastLine = site.redact(failure.last_line);
  if (failure.kind === "module_missing" && failure.module && failure.name) {
    return new CustomCodeError("PYTHON_MODULE_MISSING", `${site.className} needs ${failure.name} from ${failure.module}, which does not define it`, {
      failureType: "config_error",
      where,
      expected: `${failure.name} in ${failure.module}: ${installHint(failure.module, site.python)}`,
      found: lastLine,
    });
  }
  if (failure.kind === "module_missing" && failure.module && !failure.name && ownPackageModule(failure.module, site.className)) {
    const file = `${failure.module.split(".").join("/")}.py`;
    return new CustomCodeError("PYTHON_MODULE_MISSING", `${site.className} needs ${failure.module}, a module of its own connector package, and there is no ${file} beside its file`, {
      failureType: "config_error",
      where,
      expected: `the connector's file ${file} (or ${file.replace(/\.py$/, "/__init__.py")}) in the connector folder`,
      found: lastLine,
    });
  }
  if (failure.kind === "module_missing" && failure.module) {
    return new CustomCodeError("PYTHON_MODULE_MISSING", `${site.className} needs the Python module ${failure.module}, which ${site.python} does not have`, {
      failureType: "config_error",
      where,
      expected: `the module ${failure.module}: ${installHint(failure.module, site.python)}`,
      found: lastLine,
    });
  }
  if (failure.kind === "not_provided") {
    return new CustomCodeError("PYTHON_KIT_CLASS_MISSING", `${site.className}.${site.method}: ${site.redact(failure.message)}`, {
      failureType: "config_error",
      where,
      expected: "a class Sluice's Python package implements (docs/custom-components.md#python-components)",
      found: lastLine,
    });
  }
  if (failure.kind === "class_missing") {
    return new CustomCodeError("PYTHON_CLASS_NOT_FOUND", site.redact(failure.message), { failureType: "config_error", where, expected: `a class named by ${site.className}`, found: lastLine });
  }
  return new CustomCodeError("PYTHON_COMPONENT_FAILED", `${site.className}.${site.method} raised ${lastLine}`, {
    where,
    expected: `${site.method} to return`,
    found: lastLine,
  });
}
