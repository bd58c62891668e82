import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Authentication". */
export const AUTHENTICATION_ERRORS = {
  AUTH_DEFINITION_INVALID: {
    failureType: "config_error",
    message: "An authenticator definition is incomplete or contradictory (ApiKey with both or neither of `header`/`inject_into`; OAuth without `token_refresh_endpoint`, `client_id`/`client_secret` or `refresh_token`; an unsupported JWT algorithm or session decoder; a malformed `request_authentication`; `refresh_token_error_*` on both levels).",
    action: "Fix the field the message names.",
  },
  AUTH_JWT_RESERVED_CLAIM: {
    failureType: "config_error",
    message: "`additional_jwt_payload` sets `iss`, `sub`, `aud`, `iat`, `exp` or `nbf`, or `additional_jwt_headers` sets `kid`, `alg`, `typ` or `cty`.",
    action: "Use `jwt_payload` / `jwt_headers` / `token_duration` for those.",
  },
  AUTH_JWT_KEY_INVALID: {
    failureType: "config_error",
    message: "The JWT `secret_key` cannot be used with the algorithm: an empty HMAC secret, a PEM that does not parse, an encrypted key without (or with a wrong) `passphrase`. Checked when the connector is built; the key is never printed.",
    action: "Give the right key for the algorithm, and `passphrase` for an encrypted key.",
  },
  AUTH_HMAC_KEY_INVALID: {
    failureType: "config_error",
    message: "The `HmacAuthenticator` secret is empty or is not valid in its declared `secret_key_encoding` (base64 or hex). Checked when the connector is built; the key is never printed.",
    action: "Give the secret exactly as the API issued it, and set `secret_key_encoding` to how it is written (raw, base64, hex).",
  },
  AUTH_JWT_SIGN_FAILED: {
    failureType: "config_error",
    message: "jsonwebtoken refused to sign (a key of the wrong type for the algorithm, an invalid claim value).",
    action: "Read the reason; match the key type to `algorithm`.",
  },
  AUTH_TOKEN_REFRESH_FAILED: {
    failureType: "system_error",
    message: "The token request failed: the endpoint answered an error other than a refused refresh token (status and a redacted excerpt shown), or it stayed unreachable after the retries.",
    action: "400/401: check `client_id`, `client_secret`, scopes and `token_refresh_endpoint`; 5xx or network: try later.",
  },
  AUTH_INVALID_GRANT: {
    failureType: "config_error",
    message: "The token endpoint refused the refresh token (`invalid_grant`, or what `refresh_token_error_*` declare): it expired, was revoked, or a single-use token was already spent.",
    action: "Re-authenticate the connection (for example `sluice oauth`) and put the new refresh token in the config; with `refresh_token_updater` the path is named.",
  },
  AUTH_REFRESH_TOKEN_PATH_EMPTY: {
    failureType: "config_error",
    message: "`refresh_token_updater` reads the refresh token from the config at `refresh_token_config_path` (default `credentials.refresh_token`), and that path holds no value, so the token request would send an empty refresh token. With the updater, the kit and Sluice read that path, not the `refresh_token` template; when the template names another config key, the error says which. Raised before any request.",
    action: "Set `refresh_token_config_path` to where the config keeps the refresh token (e.g. `[refresh_token]` for a flat config), or put the token at the path named.",
  },
  AUTH_CREDENTIAL_EMPTY: {
    failureType: "config_error",
    message: "A credential rendered empty before anything was sent: a Bearer token, an API key, a Basic username (the password may be empty). Usually the template reads a config key the config does not have (a misspelling: `config['secretkey']` for `secret_key`); the error names the keys read and the keys the config has. A template with its own fallback (`config.get('key', '')`, `| default`) is not checked.",
    action: "Fix the key's spelling in the template or in the config (`validate` names the nearest key the spec declares), or fill in the value.",
  },
  AUTH_TOKENS_MISSING: {
    failureType: "config_error",
    message: "A `RateLimitedMultipleTokenAuthenticator` has no token: `tokens` rendered to nothing but empty values (a missing config key, a string of only delimiters). Checked when the connector is built.",
    action: "Put at least one token in the config field `tokens` reads (several separated by `token_delimiter`, a comma by default).",
  },
  AUTH_QUOTA_EXHAUSTED: {
    failureType: "transient_error",
    message: "Every token of a `RateLimitedMultipleTokenAuthenticator` has spent its quota for the request's pool and the earliest reset is further away than what is left of `max_wait_time` (default PT2H). The error names the pool, the next reset and the wait allowed; tokens are never printed.",
    action: "Run the sync again after the reset, add tokens, or raise `max_wait_time`.",
  },
  AUTH_QUOTA_STATUS_INVALID: {
    failureType: "system_error",
    message: "The quota status endpoint of a `RateLimitedMultipleTokenAuthenticator` answered, but its body lacks a path a `TokenQuota` names (`remaining_path`, `reset_path`, `limit_path`), or the value there is not a count or a reset time. An endpoint answering at all reports quotas, so an absent path is a wrong path (as in the kit).",
    action: "Compare the paths of `quotas` with the endpoint's answer (`sluice test-read` shows it); list in `unavailable_status_codes` the statuses meaning quota tracking is off.",
  },
  AUTH_TOKEN_MISSING: {
    failureType: "system_error",
    message: "The token response has no access token under `access_token_name` (searched down to depth 5); the keys it has are listed.",
    action: "Set `access_token_name` to the key the API uses.",
  },
  AUTH_TOKEN_EXPIRY_INVALID: {
    failureType: "system_error",
    message: "`expires_in` is not a number of seconds (or not a date when `token_expiry_date_format` is set), or `token_expiry_date` is not a date.",
    action: "Set or remove `token_expiry_date_format` to match what the API returns; fix `token_expiry_date`.",
  },
  AUTH_SESSION_LOGIN_FAILED: {
    failureType: "system_error",
    message: "The session login request failed (after its error handler's retries); the cause is kept.",
    action: "Check the login credentials and the login requester's URL.",
  },
  AUTH_SESSION_NO_CREDENTIALS: {
    failureType: "config_error",
    message: "A `LegacySessionTokenAuthenticator` has no session token the API accepts (none, or `validate_session_url` answered 401) and no username and password to log in with.",
    action: "Give a current `session_token`, or the username and password.",
  },
  AUTH_SESSION_TOKEN_MISSING: {
    failureType: "system_error",
    message: "The login response has no value at `session_token_path` (`session_token_response_key` for the legacy form), or its decoder cannot read it.",
    action: "Fix `session_token_path` to where the API puts the token.",
  },
  AUTH_DURATION_INVALID: {
    failureType: "config_error",
    message: "`expiration_duration` is not an ISO 8601 duration.",
    action: "Use `PT1H`, `P1D`, `P2W`, `P1M`, `P1Y`...",
  },
  AUTH_SELECTION_PATH_MISSING: {
    failureType: "config_error",
    message: "The config has no value at `authenticator_selection_path`; the choices are listed.",
    action: "Set the value in the config (the connector's spec usually offers it as a `oneOf`).",
  },
  AUTH_SELECTION_UNKNOWN: {
    failureType: "config_error",
    message: "The config chooses an authentication method the `SelectiveAuthenticator` does not have; the choices are listed.",
    action: "Use one of the listed values.",
  },
  CONFIG_FILE_UNREADABLE: {
    failureType: "config_error",
    message: "The config store cannot read the `--config` file while saving a rotated token.",
    action: "Check that the file still exists and is readable.",
  },
  CONFIG_FILE_INVALID: {
    failureType: "config_error",
    message: "The config file (re-read under the lock before a rotated token is saved) is not a JSON object.",
    action: "Fix the file; another program may have written it.",
  },
  CONFIG_WRITE_FAILED: {
    failureType: "system_error",
    message: "A rotated token could not be saved to the config file (disk full, permissions). The token was not used.",
    action: "Make the config's folder writable; re-authenticate if the old refresh token was already spent.",
  },
  CONFIG_LOCK_FAILED: {
    failureType: "config_error",
    message: "The lock file `<config>.lock` cannot be created (permissions).",
    action: "Make the config's folder writable.",
  },
  CONFIG_LOCK_TIMEOUT: {
    failureType: "config_error",
    message: "Another live process holds `<config>.lock` and has shown no progress (no heartbeat) for `lock.stuckMs` (default 30 s), or held it past `lock.timeoutMs` when one is set.",
    action: "Wait for the other sync; if none runs, delete the stale lock file.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
