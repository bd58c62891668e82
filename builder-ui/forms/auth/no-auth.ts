import { defineForm } from "../form-declaration.js";

/** No auth: requests carry no authentication (`NoAuth`, or no authenticator). */
export const noAuth = defineForm({ type: "NoAuth", section: "authentication", label: "No auth", fields: [] });
