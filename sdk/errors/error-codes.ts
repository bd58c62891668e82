import { AUTHENTICATION_ERRORS } from "./codes/authentication.js";
import { BUILDER_ERRORS } from "./codes/builder.js";
import { CONCURRENCY_ERRORS } from "./codes/concurrency.js";
import { CUSTOM_CODE_ERRORS } from "./codes/custom-code.js";
import { DECODERS_ERRORS } from "./codes/decoders.js";
import { DEPLOY_ERRORS } from "./codes/deploy.js";
import { ENGINE_ERRORS } from "./codes/engine.js";
import { ERROR_HANDLING_ERRORS } from "./codes/error-handling.js";
import { INCREMENTAL_ERRORS } from "./codes/incremental.js";
import { SOURCES_ERRORS } from "./codes/sources.js";
import { OAUTH_CONSENT_ERRORS } from "./codes/oauth-consent.js";
import { PAGINATION_ERRORS } from "./codes/pagination.js";
import { PARTITIONS_ERRORS } from "./codes/partitions.js";
import { PYTHON_COMPONENTS_ERRORS } from "./codes/python-components.js";
import { DYNAMIC_STREAMS_ERRORS } from "./codes/dynamic-streams.js";
import { TEMPLATES_ERRORS } from "./codes/templates.js";
import type { ErrorCodeEntry } from "./error-code-entry.js";
import { SluiceError } from "./sluice-error.js";

/**
 * The sections of the error catalogue, in the order of docs/errors.md (generated from them by
 * `npm run docs:errors`; a test fails when the committed file differs).
 *
 * @example
 * for (const section of ERROR_SECTIONS) console.log(section.title, Object.keys(section.codes).length);
 */
export const ERROR_SECTIONS = [
  { title: "Engine (manifests, config, requests)", codes: ENGINE_ERRORS },
  { title: "Decoders and extractors", codes: DECODERS_ERRORS },
  { title: "Pagination", codes: PAGINATION_ERRORS },
  { title: "OAuth consent", codes: OAUTH_CONSENT_ERRORS },
  { title: "Custom components", codes: CUSTOM_CODE_ERRORS },
  { title: "Python components", codes: PYTHON_COMPONENTS_ERRORS },
  { title: "Authentication", codes: AUTHENTICATION_ERRORS },
  { title: "Interpolation", codes: TEMPLATES_ERRORS },
  { title: "Error handling", codes: ERROR_HANDLING_ERRORS },
  { title: "Partition routers", codes: PARTITIONS_ERRORS },
  { title: "Dynamic streams, query properties and async jobs", codes: DYNAMIC_STREAMS_ERRORS },
  { title: "Incremental sync", codes: INCREMENTAL_ERRORS },
  { title: "Concurrency, transports and API budgets", codes: CONCURRENCY_ERRORS },
  { title: "Sources and secrets", codes: SOURCES_ERRORS },
  { title: "The Builder", codes: BUILDER_ERRORS },
  { title: "Airbyte images", codes: DEPLOY_ERRORS },
] as const;

/**
 * Every error code Sluice raises, with its meaning, what to do, and its default failure type (fastify's
 * `lib/errors.js` is the model). A `SluiceError` takes an {@link ErrorCode}, so raising an unknown code
 * does not compile; a plugin that needs codes of its own documents them and passes them as
 * `ErrorCode`-typed constants through {@link pluginErrorCode}.
 *
 * @example
 * ERROR_CODES.HTTP_TIMEOUT.action; // "Raise the timeout, or ask the API for smaller pages."
 */
export const ERROR_CODES = {
  ...ENGINE_ERRORS,
  ...DECODERS_ERRORS,
  ...PAGINATION_ERRORS,
  ...OAUTH_CONSENT_ERRORS,
  ...CUSTOM_CODE_ERRORS,
  ...PYTHON_COMPONENTS_ERRORS,
  ...AUTHENTICATION_ERRORS,
  ...TEMPLATES_ERRORS,
  ...ERROR_HANDLING_ERRORS,
  ...PARTITIONS_ERRORS,
  ...DYNAMIC_STREAMS_ERRORS,
  ...INCREMENTAL_ERRORS,
  ...CONCURRENCY_ERRORS,
  ...SOURCES_ERRORS,
  ...BUILDER_ERRORS,
  ...DEPLOY_ERRORS,
} as const satisfies Record<string, ErrorCodeEntry>;

/**
 * A code of the catalogue: a string literal type, so a misspelt code does not compile.
 *
 * @example
 * const code: ErrorCode = "PAGINATION_REPEATED_TOKEN";
 */
export type ErrorCode = keyof typeof ERROR_CODES;

const pluginCodes = new Map<string, ErrorCodeEntry>();

/**
 * A code for a third-party plugin's own errors, with its catalogue entry (registered once, so the
 * default failure type applies). Built-in code uses the catalogue; this is the door for extensions.
 *
 * @example
 * const ACME_QUOTA = pluginErrorCode("ACME_QUOTA", { failureType: "transient_error", message: "The Acme quota is spent.", action: "Wait for the next hour." });
 * throw new SluiceError(ACME_QUOTA, "quota spent for account 42");
 */
export function pluginErrorCode(code: string, entry: ErrorCodeEntry): ErrorCode {
  if (Object.hasOwn(ERROR_CODES, code)) throw new SluiceError("ERROR_CODE_TAKEN", `${code} is a built-in error code`, { expected: "a code of the plugin's own (ACME_QUOTA)", found: code });
  pluginCodes.set(code, entry);
  return code as ErrorCode;
}

/**
 * The catalogue entry of a code (built-in or registered by a plugin).
 *
 * @example
 * errorCodeEntry("HTTP_TIMEOUT")?.failureType; // "transient_error"
 */
export function errorCodeEntry(code: ErrorCode): ErrorCodeEntry | undefined {
  return Object.hasOwn(ERROR_CODES, code) ? ERROR_CODES[code] : pluginCodes.get(code);
}
