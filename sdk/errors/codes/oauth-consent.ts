import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "OAuth consent". */
export const OAUTH_CONSENT_ERRORS = {
  OAUTH_SPEC_MISSING: {
    failureType: "config_error",
    message: "The manifest has no `spec.advanced_auth.oauth_config_specification.oauth_connector_input_specification`.",
    action: "Declare the consent flow in the manifest's spec (see docs/oauth-consent.md).",
  },
  OAUTH_SPEC_INVALID: {
    failureType: "config_error",
    message: "A field of the consent spec has the wrong shape (no `consent_url`/`access_token_url`, `scopes` not a list of `{scope}`, unusable `state` bounds, `pkce` not a boolean, a path that is not a list of keys).",
    action: "Fix the field named in `where`.",
  },
  OAUTH_OUTPUT_SPEC_MISSING: {
    failureType: "config_error",
    message: "`complete_oauth_output_specification.properties` is missing or empty, so nothing says where the tokens go in the config.",
    action: "List each output with its `path_in_connector_config`.",
  },
  OAUTH_OUTPUT_SPEC_INVALID: {
    failureType: "config_error",
    message: "Without `extract_output`, an output property has no `path_in_oauth_response`.",
    action: "Add `path_in_oauth_response`, or give `extract_output`.",
  },
  OAUTH_TEMPLATE_INVALID: {
    failureType: "config_error",
    message: "An OAuth template does not parse, uses an unknown filter, or uses a forbidden name (`constructor`, `__proto__`, `prototype`).",
    action: "Fix the template at the path named; the filters are `urlencode`, `b64encode`, `codechallengeS256` and Jinja's built-ins.",
  },
  OAUTH_URL_INVALID: {
    failureType: "config_error",
    message: "`consent_url` or `access_token_url` did not render an absolute http(s) URL without spaces.",
    action: "Check the template and the user inputs it uses (e.g. `{{ subdomain }}`); encode values with `urlencode`.",
  },
  OAUTH_CLIENT_ID_MISSING: {
    failureType: "config_error",
    message: "No client id in the config at the server output spec's `path_in_connector_config`, `credentials.client_id` or `client_id`.",
    action: "Put the OAuth app's client id (and secret) in the config, or pass `--client-id`/`--client-secret`.",
  },
  OAUTH_USER_INPUT_MISSING: {
    failureType: "config_error",
    message: "A `required` property of `oauth_user_input_from_connector_config_specification` is missing from the config.",
    action: "Fill it in the config at its `path_in_connector_config`.",
  },
  OAUTH_ACCESS_DENIED: {
    failureType: "config_error",
    message: "The end user (or the provider) refused the consent: the redirect carried `error=access_denied`.",
    action: "Run the consent again and choose \"Allow\"; check the app may request the scopes.",
  },
  OAUTH_PROVIDER_ERROR: {
    failureType: "config_error",
    message: "The redirect carried another `error` (e.g. `invalid_scope`, `unauthorized_client`).",
    action: "Read the provider's error shown; fix the app registration, scopes or redirect URI.",
  },
  OAUTH_STATE_MISSING: {
    failureType: "config_error",
    message: "The redirect has no `state` parameter (named by `state_key`).",
    action: "Check `state_key` matches what the provider sends back, and that `consent_url` sends the state.",
  },
  OAUTH_STATE_MISMATCH: {
    failureType: "config_error",
    message: "The redirect's state is not the one issued with this consent: an old tab, another run, or a forged redirect. Nothing was exchanged.",
    action: "Start the consent again and use the newest URL.",
  },
  OAUTH_CODE_MISSING: {
    failureType: "config_error",
    message: "The redirect has no authorization code (named by `auth_code_key`).",
    action: "Check `auth_code_key` matches the provider's parameter name.",
  },
  OAUTH_PKCE_VERIFIER_MISSING: {
    failureType: "system_error",
    message: "The manifest asks for PKCE but `completeConsent` was not given the verifier `beginConsent` issued.",
    action: "Keep `request.codeVerifier` with the state and pass the whole request back.",
  },
  OAUTH_TOKEN_EXCHANGE_FAILED: {
    failureType: "system_error",
    message: "The token endpoint could not be reached, answered a non-2xx status, redirected, or answered an error instead of tokens (`invalid_grant`, `ok: false`, ...).",
    action: "Read the provider's error shown; check the client secret, the redirect URI registered with the app, PKCE, and the `access_token_*` fields.",
  },
  OAUTH_TOKEN_RESPONSE_INVALID: {
    failureType: "system_error",
    message: "The token endpoint answered 2xx with a body that is neither a JSON object nor a form.",
    action: "Ask for JSON (`Accept: application/json` in `access_token_headers`).",
  },
  OAUTH_OUTPUT_MISSING: {
    failureType: "config_error",
    message: "A path of `extract_output` is not in the token response (the keys it has are listed; never its values).",
    action: "Fix `extract_output` (dot paths such as `data.access_token`).",
  },
  OAUTH_EXPIRES_IN_INVALID: {
    failureType: "system_error",
    message: "The field named by `token_expiry_key` (default `expires_in`) is not a number of seconds.",
    action: "Set `token_expiry_key` to the right field, or leave it out of `extract_output`.",
  },
  OAUTH_CONSENT_TIMEOUT: {
    failureType: "config_error",
    message: "No redirect reached the callback server before `--timeout` (default 300 s).",
    action: "Open the printed URL sooner, raise `--timeout`, and check the provider redirects to the printed callback.",
  },
  OAUTH_CALLBACK_PORT_UNAVAILABLE: {
    failureType: "config_error",
    message: "The callback server could not listen on the requested `--port`.",
    action: "Choose a free port (or omit `--port`).",
  },
  OAUTH_CONFIG_FILE_INVALID: {
    failureType: "config_error",
    message: "The `--config` file is missing, unreadable, or not a JSON (or YAML) mapping.",
    action: "Create it with at least the OAuth app's client id and secret.",
  },
  OAUTH_CLI_USAGE: {
    failureType: "config_error",
    message: "A flag of `sluice oauth` is missing or malformed (`--config`, `--port`, `--timeout`).",
    action: "See `sluice oauth --help`.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
