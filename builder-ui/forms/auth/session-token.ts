import { defineForm } from "../form-declaration.js";
import { AUTH_VARIABLES, configRef } from "./auth-variables.js";

/**
 * Session Token (`SessionTokenAuthenticator`): a login request of its own (the `Login Requester`
 * group: an HttpRequester's fields, its own method, its rows and body), the token's path and lifetime,
 * and how the data requests carry it.
 */
export const sessionToken = defineForm({
  type: "SessionTokenAuthenticator",
  section: "authentication",
  label: "Session Token",
  fields: [
    { key: ["login_requester", "url_base"], label: "URL", group: "Login Requester", required: true, hint: "The login request's URL, e.g. https://api.example.com/session" },
    { key: ["login_requester", "http_method"], label: "HTTP Method", group: "Login Requester", control: "select", options: ["GET", "POST"] },
    { key: ["login_requester", "authenticator"], label: "Authentication Method", group: "Login Requester", control: "method", hint: "The login request's own; OAuth 2 and Session Token are not offered. No auth when the credentials go in the body." },
    // The login request is an HttpRequester: the stream request's key/value rows, sent outside any stream (the config only).
    { key: ["login_requester", "request_parameters"], label: "Query Parameters", group: "Login Requester", control: "keyvalue", noun: "query parameter", variables: AUTH_VARIABLES },
    { key: ["login_requester", "request_headers"], label: "Request Headers", group: "Login Requester", control: "keyvalue", noun: "header", variables: AUTH_VARIABLES },
    { key: ["login_requester"], label: "Request Body", group: "Login Requester", control: "body", variables: AUTH_VARIABLES },
    { key: ["session_token_path"], label: "Session Token Path", required: true, hint: "Where the token is in the login response, e.g. token or data, token (comma-separated)." },
    { key: ["expiration_duration"], label: "Expiration Duration", control: "duration", hint: "ISO 8601, e.g. PT1H. Unset: a login before every data request." },
    { key: ["request_authentication"], label: "Data Request Authentication", control: "select", options: ["Bearer", "ApiKey"], optionLabels: { ApiKey: "API Key" } },
    { key: ["request_authentication", "inject_into"], label: "Inject into", control: "injection", title: "Inject Session Token into outgoing HTTP request", targets: ["header", "request_parameter"] },
  ],
  template: () => ({
    type: "SessionTokenAuthenticator",
    login_requester: { type: "HttpRequester", url_base: "https://api.example.com/session", http_method: "POST", authenticator: { type: "NoAuth" }, request_body_json: { username: configRef("username"), password: configRef("password") } },
    session_token_path: ["token"],
    expiration_duration: "PT1H",
    request_authentication: { type: "Bearer" },
  }),
});
