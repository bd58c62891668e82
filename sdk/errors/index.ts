export { SluiceError, describeLocation, type ErrorLocation, type FailureType, type SluiceErrorOptions } from "./sluice-error.js";
export { ManifestError, ConfigError, HttpRequestError, PaginationError, AuthenticationError, TemplateError, CustomCodeError } from "./error-kinds.js";
export { ERROR_CODES, ERROR_SECTIONS, errorCodeEntry, pluginErrorCode, type ErrorCode } from "./error-codes.js";
export type { ErrorCodeEntry } from "./error-code-entry.js";
