import { defineForm } from "../form-declaration.js";
import { configRef } from "./auth-variables.js";

/** Bearer Token: `Authorization: Bearer <token>`, the token a secret user input (`BearerAuthenticator`). */
export const bearerToken = defineForm({
  type: "BearerAuthenticator",
  section: "authentication",
  label: "Bearer Token",
  fields: [{ key: ["api_token"], label: "Token", input: { name: "api_key", title: "API Key", secret: true, required: true } }],
  template: () => ({ type: "BearerAuthenticator", api_token: configRef("api_key") }),
});
