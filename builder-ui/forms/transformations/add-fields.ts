import { RECORD_VARIABLES } from "../incremental/stream-variables.js";
import { defineForm } from "../form-declaration.js";

/** Add Field: a field set on every record (one definition per item, as the product writes it). */
export const addFields = defineForm({
  type: "AddFields",
  section: "transformation",
  label: "Add Field",
  fields: [
    { id: "add-path", key: ["fields", "0", "path"], label: "Path", control: "list", required: true, hint: "Where the field goes, comma-separated, e.g. meta, source." },
    { id: "add-value", key: ["fields", "0", "value"], label: "Value", control: "template", variables: RECORD_VARIABLES, required: true, hint: "e.g. {{ record['id'] }} or a literal." },
  ],
  template: () => ({ type: "AddFields", fields: [{ type: "AddedFieldDefinition", path: ["new_field"], value: "" }] }),
});
