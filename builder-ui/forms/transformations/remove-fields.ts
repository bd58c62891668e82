import { defineForm } from "../form-declaration.js";

/** Remove Field: a field dropped from every record (one path per item, as the product writes it). */
export const removeFields = defineForm({
  type: "RemoveFields",
  section: "transformation",
  label: "Remove Field",
  fields: [{ id: "remove-path", key: ["field_pointers", "0"], label: "Path", control: "list", required: true, hint: "Path to the field to remove, comma-separated; * and ** match any key." }],
  template: () => ({ type: "RemoveFields", field_pointers: [["field"]] }),
});
