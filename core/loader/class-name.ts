import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";

/** A `class_name` split into the module it names and the export in that module. */
export interface ParsedClassName {
  /** The module's dotted segments, e.g. `["source_acme", "components"]`. */
  modulePath: string[];
  /** The exported class, e.g. `AcmePagination`. */
  exportName: string;
}

// Identifiers as Python and JavaScript both allow them (ASCII, so no look-alike characters).
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Splits a manifest's `class_name` into module path and class, refusing anything that is not
 * dotted identifiers (slashes, `..`, absolute paths, empty segments, spaces) before a file is touched.
 *
 * @example
 * parseClassName("source_acme.components.AcmePagination");
 * // { modulePath: ["source_acme", "components"], exportName: "AcmePagination" }
 * parseClassName("../../etc/passwd.X"); // throws CUSTOM_CLASS_NAME_INVALID
 */
export function parseClassName(className: unknown, where: ErrorLocation = {}): ParsedClassName {
  if (typeof className !== "string" || className.length === 0) {
    throw invalid(className, "class_name must be a non-empty string", where);
  }
  const segments = className.split(".");
  if (segments.length < 2) throw invalid(className, "class_name names a module and a class, e.g. components.MyClass", where);
  const bad = segments.find((segment) => !IDENTIFIER.test(segment));
  if (bad !== undefined) {
    const why = bad === "" ? "it has an empty segment" : `segment ${JSON.stringify(bad)} is not an identifier`;
    throw invalid(className, `class_name ${JSON.stringify(className)} is refused: ${why}`, where);
  }
  return { modulePath: segments.slice(0, -1), exportName: segments[segments.length - 1]! };
}

function invalid(found: unknown, message: string, where: ErrorLocation): CustomCodeError {
  return new CustomCodeError("CUSTOM_CLASS_NAME_INVALID", message, {
    failureType: "config_error",
    where,
    expected: "dotted identifiers naming a module in the connector folder and a class, e.g. source_acme.components.AcmePagination",
    found: JSON.stringify(found) ?? String(found),
  });
}
