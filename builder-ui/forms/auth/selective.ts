import { defineForm } from "../form-declaration.js";
import { configRef } from "./auth-variables.js";

/** Selective Authenticator: shown as YAML, as the product does (`SelectiveAuthenticator`). */
export const selective = defineForm({
  type: "SelectiveAuthenticator",
  section: "authentication",
  label: "Selective Authenticator",
  fields: [],
  note: "A Selective Authenticator picks one of several authenticators by a config value (authenticator_selection_path); its authenticators and their inputs are edited in YAML.",
  template: () => ({ type: "SelectiveAuthenticator", authenticator_selection_path: ["auth_type"], authenticators: { api_key: { type: "BearerAuthenticator", api_token: configRef("api_key") } } }),
});
