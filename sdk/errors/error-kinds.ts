import type { ErrorCode } from "./error-codes.js";
import { SluiceError, type SluiceErrorOptions } from "./sluice-error.js";

// An error kind says what went wrong for `instanceof`; it never sets the failure type, which is the
// catalogue's for the code (sdk/errors/codes/) unless the raising site knows better and says so.

/**
 * The manifest is missing, unreadable, or does not describe a valid connector.
 *
 * @example
 * throw new ManifestError("MANIFEST_INVALID", "page_size must be a number", {
 *   where: { manifestPath: "streams[0].retriever.paginator.pagination_strategy.page_size" },
 *   expected: "integer or template", found: "true",
 * });
 */
export class ManifestError extends SluiceError {}

/**
 * The end user's config is missing, unreadable, or does not match the connector's spec.
 *
 * @example
 * throw new ConfigError("CONFIG_INVALID", "api_key is required", { expected: "a string", found: "nothing" });
 */
export class ConfigError extends SluiceError {}

/**
 * A request failed: the server answered with an error status, the network failed, or the body
 * could not be decoded. `status` is set when a response arrived.
 *
 * @example
 * throw new HttpRequestError("HTTP_STATUS", "GET https://api.example.com/users answered 404", { status: 404 });
 */
export class HttpRequestError extends SluiceError {
  readonly status?: number;
  constructor(code: ErrorCode, message: string, options: SluiceErrorOptions & { status?: number } = {}) {
    super(code, message, options);
    this.status = options.status;
  }
}

/**
 * Pagination could not go on: a repeated token, a request identical to the previous one, a page cap,
 * or a next URL on a foreign origin.
 *
 * @example
 * throw new PaginationError("PAGINATION_REPEATED_TOKEN", "page token 'abc' was already used", { where: { stream: "users", page: 7 } });
 */
export class PaginationError extends SluiceError {}

/**
 * Credentials could not be obtained or were refused.
 *
 * @example
 * throw new AuthenticationError("AUTH_INVALID_GRANT", "The refresh token was refused", { failureType: "config_error" });
 */
export class AuthenticationError extends SluiceError {}

/**
 * A template could not be compiled or evaluated.
 *
 * @example
 * throw new TemplateError("TEMPLATE_UNDEFINED_NAME", "'last_records' is not available here", { where: { manifestPath: "...cursor_value" } });
 */
export class TemplateError extends SluiceError {}

/**
 * Custom code (a class named by `class_name`) was refused, could not be loaded, or failed.
 *
 * @example
 * throw new CustomCodeError("CUSTOM_CODE_LOAD", "components.ts has no export MyPaginator");
 */
export class CustomCodeError extends SluiceError {}
