import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Engine (manifests, config, requests)". */
export const ENGINE_ERRORS = {
  MANIFEST_NOT_FOUND: {
    failureType: "config_error",
    message: "No manifest was given and none was found, or the given file cannot be read.",
    action: "Pass `--manifest`, or put a `manifest.yaml` / `sluice.config.*` / `.sluicerc*` in the folder.",
  },
  CLI_FLAG_INVALID: {
    failureType: "config_error",
    message: "A command's flag or argument has a value the command cannot use (`sluice test-read --pages 0`, `sluice eval --now yesterday`, an `eval --config` file that is not an object); the flag and the value are named.",
    action: "Give the value the message asks for (`sluice <command> --help` lists every flag).",
  },
  INIT_INPUT_ENDED: {
    failureType: "config_error",
    message: "`sluice init` asked a question and its input ended (stdin closed, a script gave fewer answers than there are questions).",
    action: "Answer every question, or give the answers as flags (`--auth`, `--pagination`, `--url`).",
  },
  SERVICE_NOT_REGISTERED: {
    failureType: "system_error",
    message: "A component asked the container for a service nobody registered (a plugin's own token, or a core service a host replaced with nothing); the token is named.",
    action: "Register the service (`sluice.register(Token, value)` or a plugin's `register`) before connecting.",
  },
  ERROR_CODE_TAKEN: {
    failureType: "system_error",
    message: "`pluginErrorCode` was given the name of one of Sluice's own error codes.",
    action: "Name the plugin's code with its own prefix (`ACME_QUOTA`).",
  },
  SOURCE_ARCHIVE_INVALID: {
    failureType: "system_error",
    message: "A tar archive Sluice reads or writes (a stored source's database template) has an entry it refuses: a name longer than 100 bytes, a path outside its folder (`..`), or an entry that is neither a file nor a folder; the entry is named.",
    action: "Recreate the archive with files and folders only (the store makes its own again when it is removed).",
  },
  SOURCE_SECRET_PATH_INVALID: {
    failureType: "system_error",
    message: "A stored source's secret path, as the store keeps it, is not a JSON list of keys and indexes: the store's data was changed outside Sluice.",
    action: "Remove the source and add it again (`sluice sources remove`, `sluice sources add`).",
  },
  PATH_KEY_UNSAFE: {
    failureType: "config_error",
    message: "A value was to be set at an empty path, or at a path with the key `__proto__`, `constructor` or `prototype` (an `AddFields` path, a config path, an OAuth output path); nothing was set.",
    action: "Name the field with one or more ordinary keys.",
  },
  MANIFEST_PARSE: {
    failureType: "config_error",
    message: "The manifest is not valid YAML/JSON, or not a mapping; the file, line and column are named.",
    action: "Fix the syntax at the position shown.",
  },
  MANIFEST_REFERENCE: {
    failureType: "config_error",
    message: "A `#/...` reference (string or `$ref`) points to nothing, to a non-object with overrides, or forms a cycle.",
    action: "Fix the reference; the error lists the keys that exist where the lookup stopped.",
  },
  MANIFEST_TOO_LARGE: {
    failureType: "config_error",
    message: "Resolving the manifest's references would build more than 1,000,000 distinct nodes, expand to more than 20,000,000 nodes (a definition referenced at several places is resolved once and shared, but counted at every place) or nest more than 500 levels (a `$ref` expansion bomb: definitions that reference each other many times over). Real connectors expand to a few million nodes at most (many streams sharing large schemas).",
    action: "Reference shared definitions once instead of multiplying them; this is almost always a hostile or generated manifest.",
  },
  MANIFEST_INVALID: {
    failureType: "config_error",
    message: "A definition breaks its component's JSON Schema (every problem is listed with its manifest path).",
    action: "Fix each field as the expected/found lines say.",
  },
  MANIFEST_UNKNOWN_TYPE: {
    failureType: "config_error",
    message: "A `type` is not registered (or none is given where none is implied); the known types of that kind and the nearest match are listed.",
    action: "Fix the spelling, or register the plugin that provides the type.",
  },
  MANIFEST_UNKNOWN_FIELD: {
    failureType: "config_error",
    message: "(warning) A definition has a field its component does not define; it is ignored. `sluice validate`, `check`, `read` and `test-read` name the nearest known field (`stop_conditon` -> `stop_condition`) with its line.",
    action: "Fix the spelling, or remove the field.",
  },
  MANIFEST_LINKED_OVERRIDE: {
    failureType: "config_error",
    message: "(warning) A `$ref` to a shared authenticator (or to a component holding one) overrides a field, so that place gets a local copy (its own instance and token cache) instead of the linked one; both values' paths are named, never the values.",
    action: "Keep one value: remove the override, or drop the `$ref` and define the authenticator there.",
  },
  INIT_NAME_INVALID: {
    failureType: "config_error",
    message: "`sluice init` got no connector name, more than one, or one with characters a folder name should not have.",
    action: "`sluice init acme` (letters, digits, `-`, `_`, `.`).",
  },
  INIT_URL_CREDENTIALS: {
    failureType: "config_error",
    message: "The URL given to `sluice init` holds a username and password (`https://user:pass@host`) but `--auth` is a method other than `basic` (the default for such a URL): one connector sends one kind of credential. (Credentials in a URL never reach manifest.yaml or README.md: user:password becomes HTTP Basic, credential-like query parameters become secret spec inputs, their values in secrets/config.json.)",
    action: "Give `--auth basic`, or a URL without `user:password@`.",
  },
  INIT_OPTION_INVALID: {
    failureType: "config_error",
    message: "`--auth` or `--pagination` names a method `sluice init` does not scaffold; the choices are listed.",
    action: "Use one of the listed methods.",
  },
  INIT_OPENAPI_INVALID: {
    failureType: "config_error",
    message: "`sluice init --openapi` could not read the document: no such file, a URL that did not answer 200, text that is not JSON or YAML, no `openapi`/`swagger` field, or a `$ref` that does not resolve (the parser's message is given); or the document has no list endpoint to make a stream of.",
    action: "Give the path or URL of an OpenAPI 3.0/3.1 or Swagger 2.0 document; `--streams` names the endpoints to keep.",
  },
  INIT_TARGET_EXISTS: {
    failureType: "config_error",
    message: "The folder `sluice init` would create exists and is not empty; nothing is overwritten.",
    action: "Choose another name, or remove the folder.",
  },
  INIT_CREDENTIAL_MISSING: {
    failureType: "config_error",
    message: "`sluice init --probe` needs the credentials of its `--auth` method to send its request, and no terminal was there to ask for them and no environment variable (`SLUICE_API_KEY`, `SLUICE_USERNAME`...) held them; the missing variables are named.",
    action: "Set the named environment variables, or run `sluice init --probe` in a terminal to be asked.",
  },
  INIT_PROBE_URL_CREDENTIALS: {
    failureType: "config_error",
    message: "The URL given to `sluice init --probe` holds a credential (`user:password@`, a query parameter named like a key or token): a probe takes credentials only from its `--auth` method's inputs, so they reach secrets/config.json and never the manifest, the README or a shell history.",
    action: "Remove the credential from the URL and give `--auth` (with its value in the named environment variable, or typed when asked).",
  },
  PROBE_REQUEST_FAILED: {
    failureType: "config_error",
    message: "The request that pagination and record detection reads (`sluice init --probe`, the Builder's Detect) failed or did not answer with JSON; the stream, the request and the answer are named.",
    action: "Check the URL, the method and body, and the credentials with `sluice test-read`; the detection needs a JSON answer to read.",
  },
  COMPONENT_BUILD: {
    failureType: "config_error",
    message: "A component failed while being built, for a reason that is not one of the codes here; the component type and manifest path are named and the original error is the cause.",
    action: "Read the cause; usually a field value the schema cannot express.",
  },
  PACKAGE_LOAD_FAILED: {
    failureType: "system_error",
    message: "A package Sluice loads only when a run needs it (fast-xml-parser for `XmlDecoder`, csv-parse, fflate, @streamparser/json, jsonwebtoken for `JwtAuthenticator`, yaml, cosmiconfig, undici, any-ascii) could not be imported; the package and what needed it are named, with the import's own error.",
    action: "Reinstall Sluice's dependencies (`npm ci` or `npm install` in the project); a bundler that dropped the package must keep it.",
  },
  PLUGIN_DUPLICATE_TYPE: {
    failureType: "config_error",
    message: "Two plugins register the same component type.",
    action: "Rename one, or register the second with `{ replace: true }` on purpose.",
  },
  SPEC_INVALID: {
    failureType: "config_error",
    message: "`spec.connection_specification` is not a usable JSON Schema.",
    action: "Fix the connector's spec.",
  },
  CONFIG_NOT_FOUND: {
    failureType: "config_error",
    message: "The `--config` file cannot be read.",
    action: "Check the path (relative paths resolve against the current folder, then the manifest's).",
  },
  CONFIG_PARSE: {
    failureType: "config_error",
    message: "The config file is not a JSON object (only the error position is shown, never the content).",
    action: "Fix the JSON.",
  },
  CONFIG_KEY_UNDECLARED: {
    failureType: "config_error",
    message: "A warning of `validate` (and of `check` and `read` before their first request): a template reads a config key that the spec's `connection_specification.properties` does not declare, with the nearest declared key. Unless the config has that key, the template renders empty (an empty credential, an empty parameter). Real manifests read optional keys on purpose, so it is not an error.",
    action: "Fix the key's spelling, or declare it in the spec.",
  },
  FIXTURE_NONE: {
    failureType: "config_error",
    message: "`sluice test --fixtures DIR` found no recorded fixture (`*.json`) in the folder.",
    action: "Record one: `sluice test-read --config secrets/config.json --stream STREAM --record DIR`, then commit DIR.",
  },
  FIXTURE_NAME_INVALID: {
    failureType: "config_error",
    message: "`sluice test-read --record DIR` names the fixture after the first stream, encoded so that it stays a file in DIR (any character but letters, digits, `_`, `-` and `.` as `%XX`); this stream's name is too long to be a file name once encoded (more than 255 characters).",
    action: "Record the stream under a shorter name, or record another stream first in the same read (`--stream short --stream long`).",
  },
  FIXTURE_INVALID: {
    failureType: "config_error",
    message: "A file in the fixtures folder is not a fixture `sluice test-read --record` writes: it is not JSON (truncated, or edited by hand), or it lacks its `exchanges`, `streams` or `config`.",
    action: "Record it again with `sluice test-read --record DIR`, or remove the file from the folder.",
  },
  FIXTURE_NO_MATCH: {
    failureType: "config_error",
    message: "During a replay the connector sent a request the fixture has no recorded answer for (method, URL and body compared as recorded, secrets as `****`): the connector now asks for something else than when the fixture was recorded, or the request depends on the time (a date window ending now).",
    action: "If the change is intended, record the fixture again with `sluice test-read --record`; for a stream whose requests depend on today's date, give the config a fixed end date.",
  },
  CONFIG_INVALID: {
    failureType: "config_error",
    message: "The config does not match the spec; every bad field is named (`config.api_key: a required field is missing`).",
    action: "Fix the config.",
  },
  CONFIG_VALIDATION_FAILED: {
    failureType: "config_error",
    message: "A validation of the spec's `config_normalization_rules` failed (`DpathValidator`, `PredicateValidator`): the field is named with the kit's message (`JSON schema validation error: ...`, `Invalid JSON string`); raised before any request.",
    action: "Fix the config value named; the spec's `config_normalization_rules.validations` say what it must be.",
  },
  INPUT_FILE_TOO_LARGE: {
    failureType: "config_error",
    message: "A `--state`, `--config` or `--catalog` file (or a config file a store writes back) is larger than 64 MiB or nests objects and lists deeper than 1,000 levels; the file is named. Checked when the file is read, so nothing later meets a value deep enough to exhaust the call stack.",
    action: "Give the file the platform or `sluice read` wrote; a file this large or deep is damaged or not what the flag expects.",
  },
  FILE_NUMBER_OUT_OF_RANGE: {
    failureType: "config_error",
    message: "A `--config`, `--state` or `--catalog` file (or a config file a store reads back) holds a number no float can hold (`1e999999`): JavaScript would read it as Infinity and write it back as `null`; the file and the field are named. (Integers of any size are read exactly.) A response body with such a number is `RESPONSE_NUMBER_OUT_OF_RANGE`.",
    action: "Fix the number in the file named; a value this large is a typo or a damaged file.",
  },
  CATALOG_INVALID: {
    failureType: "config_error",
    message: "The `--catalog` file is not a configured catalog, an entry has no `stream.name`, or a `sync_mode` is neither `full_refresh` nor `incremental`.",
    action: "Give `{ \"streams\": [{ \"stream\": { \"name\": ... }, \"sync_mode\": \"full_refresh\" }] }`.",
  },
  CATALOG_INCREMENTAL_WITHOUT_CURSOR: {
    failureType: "config_error",
    message: "The configured catalog asks for `sync_mode: incremental` on a stream that has no cursor (the stream is named).",
    action: "Configure the stream as `full_refresh` (discover lists it so), or give it an `incremental_sync` in the manifest.",
  },
  STREAM_NOT_FOUND: {
    failureType: "config_error",
    message: "A stream name (from `--stream`, the catalog, or `read(name)`) is not in the manifest; the streams and the nearest match are listed.",
    action: "Use one of the listed names.",
  },
  SCHEMA_NOT_FOUND: {
    failureType: "config_error",
    message: "A `JsonFileSchemaLoader` file cannot be read.",
    action: "Put the schema file beside the manifest or fix `file_path`.",
  },
  REQUEST_COLLISION: {
    failureType: "config_error",
    message: "Two parts of a request (requester options, authenticator, paginator) set the same query parameter, header or body field to different values.",
    action: "Remove one of them; values are not printed, the places are.",
  },
  REQUEST_URL_INVALID: {
    failureType: "config_error",
    message: "A request URL is not a valid absolute http(s) URL: a requester's `url_base` (or `url`) renders to an empty value or one without `https://` (often a config value it reads is missing), or a request's URL (a next page, a token refresh, a login) does not parse or uses another scheme (`file:`, `ftp:`). Raised before the request is sent, never retried; the manifest field is named where known, and the URL is printed only with its secrets masked.",
    action: "Give the config value the template reads (a full URL where the template starts with it), or fix `url_base`, `path` or the field named.",
  },
  REQUEST_OPTION_INVALID: {
    failureType: "system_error",
    message: "A request option has no field name, or nests a field (`field_path`) outside a JSON body.",
    action: "Give `field_name`, or use `inject_into: body_json` with `field_path`.",
  },
  REQUEST_BODY_CONFLICT: {
    failureType: "config_error",
    message: "A request would carry a JSON body and a form body at once.",
    action: "Use one of `request_body_json` / `request_body_data` (and matching injections).",
  },
  HTTP_STATUS: {
    failureType: "system_error",
    message: "The API answered an error status (after the retries, for 429 and 5xx); the request (credentials redacted), the status and an excerpt of the body are shown.",
    action: "401/403: check the credentials; 404: check `url_base`/`path`; 429/5xx: the API is overloaded or down; try later.",
  },
  HTTP_NETWORK: {
    failureType: "system_error",
    message: "The request could not be sent or no answer arrived (after the retries).",
    action: "Check the address and the network.",
  },
  HTTP_TIMEOUT: {
    failureType: "transient_error",
    message: "An attempt took longer than the timeout (default 30 s; `--timeout`, `http.timeoutMs`).",
    action: "Raise the timeout, or ask the API for smaller pages.",
  },
  HTTP_DEADLINE: {
    failureType: "transient_error",
    message: "A request did not succeed within its total deadline, every attempt and wait included (default 180 s; `--request-deadline`, `http.requestDeadlineMs`); the last attempt's failure is named.",
    action: "Check that the API is up; raise `--request-deadline` for an API that asks for long waits.",
  },
  HTTP_MAX_TIME: {
    failureType: "transient_error",
    message: "A request did not succeed within its error handler's `max_time` (seconds from its first attempt, every attempt and wait included; default 600 s); the limit and the last attempt's failure are named.",
    action: "Check that the API is up; raise the error handler's `max_time` (and `--request-deadline`, which also applies) for an API that asks for long waits.",
  },
  HTTP_DECODE: {
    failureType: "system_error",
    message: "A successful response is not JSON; its content type and the start of the body are shown.",
    action: "Check `url_base`/`path` (an HTML page often means a wrong URL or a login page).",
  },
  CROSS_ORIGIN_PAGE: {
    failureType: "config_error",
    message: "A next-page URL points to another origin than the API; Sluice sends no credentials there and does not follow it by default.",
    action: "If the API really pages across hosts, allow it (`readLimits.followCrossOriginPages` / `--follow-cross-origin-pages`); it is then read without credentials.",
  },
  HTTP_REDIRECT_CROSS_ORIGIN: {
    failureType: "config_error",
    message: "The API redirected to another origin (scheme, host or port) than the request's; Sluice follows redirects itself and refuses this one, so no credential can reach that origin.",
    action: "If the API really redirects across hosts (a CDN, a download host), allow it (`allow_cross_origin_pages: true` on the requester, `readLimits.followCrossOriginPages`, `--follow-cross-origin-pages`); it is then followed with no credentials at all.",
  },
  HTTP_REDIRECT_BODY_REFUSED: {
    failureType: "config_error",
    message: "A 307/308 asked for a request body to be sent again to another origin; Sluice never sends a body to another origin.",
    action: "Ask the API for the URL on its own origin, or use a 303 there (it becomes a GET without a body).",
  },
  HTTP_REDIRECT_LIMIT: {
    failureType: "system_error",
    message: "One request redirected more than `http.maxRedirects` times (default 10): a redirect loop.",
    action: "Check `url_base`/`path`; a login page that redirects to itself often means wrong credentials.",
  },
  HTTP_REDIRECT_INVALID: {
    failureType: "system_error",
    message: "A redirect's `Location` is not a URL, or is not http(s) (`file:`, `ftp:`).",
    action: "A defect of the API; report it there.",
  },
  HTTP_TRANSPORT_REDIRECTED: {
    failureType: "config_error",
    message: "The `Fetch` a host registered followed a redirect to another origin by itself, although Sluice asks every transport for `redirect: \"manual\"`.",
    action: "Make the transport honour `redirect: \"manual\"` (return 3xx responses as they are); Sluice follows redirects itself under its origin rule.",
  },
  HTTP_RESPONSE_TOO_LARGE: {
    failureType: "system_error",
    message: "A response body is larger than `http.maxResponseBytes` (default 100 MiB, counted after decompression); Sluice stopped reading at the limit.",
    action: "Ask the API for smaller pages (`page_size`), or raise the limit if the API really sends such pages.",
  },
  HTTP_LIMIT_INVALID: {
    failureType: "config_error",
    message: "An HTTP limit set in the Sluice config file (`http: { maxRedirects, maxResponseBytes, maxNestingDepth }`) or given to `createSluice({ http })` is not a whole number in range (redirects at least 0, bytes and depth at least 1), or the `http:` mapping names a key that is not a limit. (The CLI flags `--max-redirects`, `--max-response-bytes`, `--max-nesting-depth` are checked before the command runs: exit code 2.)",
    action: "Give a whole number (bytes are plain numbers: 10485760 for 10 MiB) to the key named.",
  },
  HTTP_REQUEST_INVALID: {
    failureType: "config_error",
    message: "A request can never be sent: a header value with a line break or NUL (often a pasted token with a trailing newline), or a header name that is not a token. Not retried; the manifest field or component that set the value is named, never a secret value. (A URL that is not absolute http(s) is `REQUEST_URL_INVALID`.)",
    action: "Fix the config value or the manifest field named.",
  },
  RESPONSE_NUMBER_OUT_OF_RANGE: {
    failureType: "system_error",
    message: "A JSON body holds a number no float can hold (`1e999999`): JavaScript would read it as Infinity and write it as `null`; the field, stream and request are named. (Integers of any size are read exactly.)",
    action: "Ask the API's owner; a value this large is not a real measurement.",
  },
  RESPONSE_TOO_DEEP: {
    failureType: "system_error",
    message: "A JSON response nests objects and lists deeper than `http.maxNestingDepth` (default 1,000); the stream and page are named.",
    action: "A defect (or an attack) of the API; raise the limit only if the API really nests that deep.",
  },
  RECORD_NOT_SERIALIZABLE: {
    failureType: "system_error",
    message: "A record cannot be written as JSON on stdout (nested too deep, a cycle); the stream is named.",
    action: "Fix the custom component that produces it.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
