import { defineForm } from "../form-declaration.js";

/** Dpath Flatten Fields: one nested object's keys moved up into the record. */
export const dpathFlattenFields = defineForm({
  type: "DpathFlattenFields",
  section: "transformation",
  label: "Dpath Flatten Fields",
  fields: [
    { id: "dpath-field-path", key: ["field_path"], label: "Field Path", control: "list", required: true, hint: "The object to flatten, comma-separated, e.g. details." },
    { id: "dpath-delete-origin", key: ["delete_origin_value"], label: "Delete Origin Value" },
    { id: "dpath-replace-record", key: ["replace_record"], label: "Replace Origin Record" },
  ],
  template: () => ({ type: "DpathFlattenFields", field_path: [] }),
});
