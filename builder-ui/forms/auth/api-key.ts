import { defineForm } from "../form-declaration.js";
import { configRef } from "./auth-variables.js";

/** API Key: a secret user input injected into a header, query parameter or body (`ApiKeyAuthenticator`). */
export const apiKey = defineForm({
  type: "ApiKeyAuthenticator",
  section: "authentication",
  label: "API Key",
  fields: [
    { key: ["inject_into"], label: "Inject into", title: "Inject API Key into outgoing HTTP request", targets: ["header", "request_parameter", "body_data", "body_json"] },
    { key: ["api_token"], label: "API Key", input: { name: "api_key", title: "API Key", secret: true, required: true } },
  ],
  template: () => ({ type: "ApiKeyAuthenticator", api_token: configRef("api_key"), inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-API-Key" } }),
});
