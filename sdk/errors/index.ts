export { SluiceError, describeLocation, type ErrorLocation, type FailureType, type SluiceErrorOptions } from "./sluice-error.js";
export { ManifestError, ConfigError, HttpRequestError, PaginationError, AuthenticationError, TemplateError, CustomCodeError } from "./error-kinds.js";
