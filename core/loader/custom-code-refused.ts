import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";

/**
 * The error for custom code a host does not trust, raised before the module is looked at (the
 * manifest validation raises the same code earlier, before any request).
 *
 * @example
 * throw customCodeRefused("source_acme.components.AcmePagination", { manifestPath: "streams[0].retriever.paginator.pagination_strategy" });
 */
export function customCodeRefused(className: string, where: ErrorLocation = {}): CustomCodeError {
  return new CustomCodeError("CUSTOM_CODE_REFUSED", `Custom code is not allowed by this host: the manifest names class ${className}`, {
    failureType: "config_error",
    where: { component: className, ...where },
    expected: "a manifest without custom components, or a host that trusts custom code (trustCustomCode: true, no --no-custom-code, no SLUICE_DISABLE_CUSTOM_CODE=1)",
    found: `class_name ${className}`,
  });
}
