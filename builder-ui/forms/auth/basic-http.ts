import { defineForm } from "../form-declaration.js";
import { configRef } from "./auth-variables.js";

/** Basic HTTP: Username and Password, both user inputs (`BasicHttpAuthenticator`). */
export const basicHttp = defineForm({
  type: "BasicHttpAuthenticator",
  section: "authentication",
  label: "Basic HTTP",
  fields: [
    { key: ["username"], label: "Username", input: { name: "username", title: "Username", secret: false, required: true } },
    { key: ["password"], label: "Password", input: { name: "password", title: "Password", secret: true, required: false }, hint: "May be empty." },
  ],
  template: () => ({ type: "BasicHttpAuthenticator", username: configRef("username"), password: configRef("password") }),
});
