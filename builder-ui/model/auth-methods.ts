/**
 * The template variables of an authenticator's own values and requests (JWT's headers and payload,
 * OAuth's refresh request, the session login): the config only. They are rendered outside any stream,
 * so a page token, slice or state is never there, as in the kit.
 */
export const AUTH_VARIABLES = ["config"] as const;

/**
 * The product's authentication methods (`../shared/reference/builder-forms.md`), each with the fields
 * its form shows: the product's label, the key under the authenticator, the kind of control, and for a
 * credential the user input it becomes. A credential is never written into the connector: choosing a
 * method writes `{{ config['<input>'] }}` and adds the input to the spec (secret where marked); its value
 * is a testing value.
 *
 * @example
 * AUTH_METHODS.map((m) => m.name) // ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "OAuth 2", "Session Token", "Selective Authenticator", "Custom"]
 * methodNamed("Bearer Token").template() // { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" }
 */
type AuthMethodName = "No auth" | "Basic HTTP" | "Bearer Token" | "API Key" | "JWT" | "OAuth 2" | "Session Token" | "Selective Authenticator" | "Custom";

/** A user input a credential field becomes (a spec property). */
export interface UserInput {
  name: string;
  title: string;
  secret: boolean;
  required: boolean;
  /** JSON Schema `format` (the token expiry is a date-time). */
  format?: string;
}

/** One field of a method's form. */
export interface AuthField {
  /** Where it is written, under the authenticator. */
  key: readonly string[];
  /** The product's label: the control's visible label and accessible name. */
  label: string;
  /**
   * input: a credential (its value is a testing value; the manifest holds `{{ config['name'] }}`);
   * text / select / integer / boolean: a definition; list: a list of strings typed comma-separated;
   * json: an object typed as JSON; keyvalue: a mapping of templates as Key/Value rows (the stream
   * request's component, with its template checks and `variables`); duration: an ISO 8601 duration;
   * injection: a request option group; method: the login request's own authentication method;
   * body: a requester's Request Body (`key` is the requester): its Body Type and its
   * `request_body_json` or `request_body_data` rows, as on a stream.
   */
  kind: "input" | "text" | "select" | "integer" | "boolean" | "list" | "json" | "keyvalue" | "duration" | "injection" | "method" | "body";
  input?: UserInput;
  options?: readonly string[];
  /** The product's default, shown as the placeholder (the engine's default when unset). */
  placeholder?: string;
  hint?: string;
  required?: boolean;
  /** For an injection: its group's title. */
  title?: string;
  /** For key/value rows: the singular noun of the add button ("Add header"). */
  noun?: string;
  /** For key/value rows: the template variables the values may use. */
  variables?: readonly string[];
  /** For an injection: the targets offered. */
  targets?: ReadonlyArray<"header" | "request_parameter" | "body_data" | "body_json">;
}

export interface AuthMethod {
  name: AuthMethodName;
  /** The component type written (Custom: any `Custom*`). */
  type: string;
  fields: readonly AuthField[];
  /** The component a fresh choice of this method writes. */
  template(connectorName: string): Record<string, unknown>;
  /** A line under the selector. */
  note?: string;
}

const ref = (name: string) => `{{ config['${name}'] }}`;
const input = (key: string, label: string, name: string, title: string, secret: boolean, required: boolean, extra: Partial<AuthField> = {}): AuthField => ({
  key: [key],
  label,
  kind: "input",
  input: { name, title, secret, required },
  ...extra,
});

/** The OAuth 2 legacy form's fields (refresh token or client credentials). */
const OAUTH_FIELDS: readonly AuthField[] = [
  input("client_id", "Client ID", "client_id", "Client ID", true, true),
  input("client_secret", "Client Secret", "client_secret", "Client Secret", true, true),
  input("refresh_token", "Refresh Token", "client_refresh_token", "Refresh Token", true, false, { hint: "Used when the Grant Type is refresh_token." }),
  { key: ["grant_type"], label: "Grant Type", kind: "select", options: ["refresh_token", "client_credentials"], placeholder: "refresh_token" },
  { key: ["token_refresh_endpoint"], label: "Token Refresh Endpoint", kind: "text", required: true, hint: "The URL the tokens are refreshed at, e.g. https://api.example.com/oauth/token" },
  { key: ["scopes"], label: "Scopes", kind: "list", hint: "Space-separated; a list in the manifest." },
  { key: ["access_token_name"], label: "Access Token Property Name", kind: "text", placeholder: "access_token" },
  { key: ["expires_in_name"], label: "Token Expiry Property Name", kind: "text", placeholder: "expires_in" },
  { key: ["token_expiry_date_format"], label: "Token Expiry Date Format", kind: "text", hint: "Give it when the response holds a date-time, not seconds, e.g. %Y-%m-%dT%H:%M:%SZ." },
  { key: ["client_id_name"], label: "Client ID Property Name", kind: "text", placeholder: "client_id" },
  { key: ["client_secret_name"], label: "Client Secret Property Name", kind: "text", placeholder: "client_secret" },
  { key: ["refresh_token_name"], label: "Refresh Token Property Name", kind: "text", placeholder: "refresh_token" },
  { key: ["grant_type_name"], label: "Grant Type Property Name", kind: "text", placeholder: "grant_type" },
  // Extra fields of the refresh request (sent form-encoded with the grant) and its headers: templates reading config.
  { key: ["refresh_request_body"], label: "Refresh Request Body", kind: "keyvalue", noun: "body property", variables: AUTH_VARIABLES },
  { key: ["refresh_request_headers"], label: "Refresh Request Headers", kind: "keyvalue", noun: "header", variables: AUTH_VARIABLES },
];

/** The fields the Refresh Token Updater adds (the updater's writes land in these inputs). */
export const UPDATER_FIELDS: readonly AuthField[] = [
  input("access_token_value", "Access Token Value", "oauth_access_token", "Access Token", true, false, { hint: "The initial access token; the updater writes each new one here." }),
  input("token_expiry_date", "Token Expiry Date", "oauth_token_expiry_date", "Token Expiry Date", false, false, { hint: "When the initial access token expires (a date-time, e.g. 2026-01-01T00:00:00Z)." }),
];

/** The updater a toggle turns on: it writes the rotated tokens back to the inputs the form made. */
export function refreshTokenUpdater(refreshInput: string): Record<string, unknown> {
  return { refresh_token_name: "refresh_token", refresh_token_config_path: [refreshInput], access_token_config_path: ["oauth_access_token"], token_expiry_date_config_path: ["oauth_token_expiry_date"] };
}

const LOGIN_FIELDS: readonly AuthField[] = [
  { key: ["login_requester", "url_base"], label: "URL", kind: "text", required: true, hint: "The login request's URL, e.g. https://api.example.com/session" },
  { key: ["login_requester", "http_method"], label: "HTTP Method", kind: "select", options: ["GET", "POST"] },
  { key: ["login_requester", "authenticator"], label: "Authentication Method", kind: "method", hint: "The login request's own; OAuth 2 and Session Token are not offered. No auth when the credentials go in the body." },
  // The login request is an HttpRequester: the stream request's key/value rows, sent outside any stream (the config only).
  { key: ["login_requester", "request_parameters"], label: "Query Parameters", kind: "keyvalue", noun: "query parameter", variables: AUTH_VARIABLES },
  { key: ["login_requester", "request_headers"], label: "Request Headers", kind: "keyvalue", noun: "header", variables: AUTH_VARIABLES },
  { key: ["login_requester"], label: "Request Body", kind: "body", variables: AUTH_VARIABLES },
];

export const AUTH_METHODS: readonly AuthMethod[] = [
  { name: "No auth", type: "NoAuth", fields: [], template: () => ({ type: "NoAuth" }) },
  {
    name: "Basic HTTP",
    type: "BasicHttpAuthenticator",
    fields: [input("username", "Username", "username", "Username", false, true), input("password", "Password", "password", "Password", true, false, { hint: "May be empty." })],
    template: () => ({ type: "BasicHttpAuthenticator", username: ref("username"), password: ref("password") }),
  },
  {
    name: "Bearer Token",
    type: "BearerAuthenticator",
    fields: [input("api_token", "Token", "api_key", "API Key", true, true)],
    template: () => ({ type: "BearerAuthenticator", api_token: ref("api_key") }),
  },
  {
    name: "API Key",
    type: "ApiKeyAuthenticator",
    fields: [
      { key: ["inject_into"], label: "Inject into", kind: "injection", title: "Inject API Key into outgoing HTTP request", targets: ["header", "request_parameter", "body_data", "body_json"] },
      input("api_token", "API Key", "api_key", "API Key", true, true),
    ],
    template: () => ({ type: "ApiKeyAuthenticator", api_token: ref("api_key"), inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-API-Key" } }),
  },
  {
    name: "JWT",
    type: "JwtAuthenticator",
    fields: [
      input("secret_key", "Secret Key", "secret_key", "Secret Key", true, true),
      { key: ["algorithm"], label: "Algorithm", kind: "select", required: true, options: ["HS256", "HS384", "HS512", "ES256", "ES256K", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"] },
      { key: ["header_prefix"], label: "Header Prefix", kind: "text", placeholder: "Bearer" },
      { key: ["additional_jwt_headers"], label: "Additional JWT Headers", kind: "keyvalue", noun: "header", variables: AUTH_VARIABLES },
      { key: ["additional_jwt_payload"], label: "Additional JWT Payload", kind: "keyvalue", noun: "claim", variables: AUTH_VARIABLES },
      { key: ["base64_encode_secret_key"], label: "Base64 Encode Secret Key", kind: "boolean" },
      { key: ["token_duration"], label: "Token Duration", kind: "integer", hint: "Seconds the token is valid for.", placeholder: "1200" },
    ],
    template: () => ({ type: "JwtAuthenticator", secret_key: ref("secret_key"), algorithm: "HS256", header_prefix: "Bearer", token_duration: 1200 }),
  },
  {
    name: "OAuth 2",
    type: "OAuthAuthenticator",
    fields: OAUTH_FIELDS,
    template: () => ({ type: "OAuthAuthenticator", client_id: ref("client_id"), client_secret: ref("client_secret"), refresh_token: ref("client_refresh_token"), token_refresh_endpoint: "https://api.example.com/oauth/token", grant_type: "refresh_token" }),
  },
  {
    name: "Session Token",
    type: "SessionTokenAuthenticator",
    fields: [
      ...LOGIN_FIELDS,
      { key: ["session_token_path"], label: "Session Token Path", kind: "list", required: true, hint: "Where the token is in the login response, e.g. token or data, token (comma-separated)." },
      { key: ["expiration_duration"], label: "Expiration Duration", kind: "duration", hint: "ISO 8601, e.g. PT1H. Unset: a login before every data request." },
      { key: ["request_authentication"], label: "Data Request Authentication", kind: "select", options: ["Bearer", "ApiKey"] },
      { key: ["request_authentication", "inject_into"], label: "Inject into", kind: "injection", title: "Inject Session Token into outgoing HTTP request", targets: ["header", "request_parameter"] },
    ],
    template: () => ({
      type: "SessionTokenAuthenticator",
      login_requester: { type: "HttpRequester", url_base: "https://api.example.com/session", http_method: "POST", authenticator: { type: "NoAuth" }, request_body_json: { username: ref("username"), password: ref("password") } },
      session_token_path: ["token"],
      expiration_duration: "PT1H",
      request_authentication: { type: "Bearer" },
    }),
  },
  {
    name: "Selective Authenticator",
    type: "SelectiveAuthenticator",
    fields: [],
    note: "A Selective Authenticator picks one of several authenticators by a config value (authenticator_selection_path); its authenticators and their inputs are edited in YAML.",
    template: () => ({ type: "SelectiveAuthenticator", authenticator_selection_path: ["auth_type"], authenticators: { api_key: { type: "BearerAuthenticator", api_token: ref("api_key") } } }),
  },
  {
    name: "Custom",
    type: "CustomAuthenticator",
    fields: [{ key: ["class_name"], label: "Class Name", kind: "text", required: true, hint: "source_<name>.<package>.<Class>: the class exported by <package>.ts (or .js) in the connector folder." }],
    template: (connector) => ({ type: "CustomAuthenticator", class_name: `source_${connector}.components.CustomAuthenticator` }),
  },
];

/** The methods a session login's own authentication may use (not OAuth 2, not Session Token). */
export const LOGIN_METHODS: readonly AuthMethod[] = AUTH_METHODS.filter((m) => m.name !== "OAuth 2" && m.name !== "Session Token");

/** The method of a product name (every name of {@link AuthMethodName} has one). */
export function methodNamed(name: AuthMethodName): AuthMethod {
  return AUTH_METHODS.find((m) => m.name === name)!;
}

/** The method of a written or resolved authenticator (absent: No auth; a `Custom*` type: Custom; a type the forms do not know: undefined). */
export function methodOf(authenticator: unknown): AuthMethod | undefined {
  if (authenticator === undefined || authenticator === null) return AUTH_METHODS[0];
  const type = typeof authenticator === "object" ? String((authenticator as { type?: unknown }).type ?? "") : "";
  if (type.startsWith("Custom")) return methodNamed("Custom");
  return AUTH_METHODS.find((m) => m.type === type);
}
