import { defineForm } from "../form-declaration.js";

/** Custom: a class in the connector folder, by `class_name` (`CustomAuthenticator`; any `Custom*` type reads as it). */
export const customAuth = defineForm({
  type: "CustomAuthenticator",
  section: "authentication",
  label: "Custom",
  fields: [{ key: ["class_name"], label: "Class Name", required: true, hint: "source_<name>.<package>.<Class>: the class exported by <package>.ts (or .js) in the connector folder." }],
  template: (connector) => ({ type: "CustomAuthenticator", class_name: `source_${connector}.components.CustomAuthenticator` }),
});
