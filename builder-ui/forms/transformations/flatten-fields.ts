import { defineForm } from "../form-declaration.js";

/** Flatten Fields: nested objects become top-level keys joined by dots. */
export const flattenFields = defineForm({
  type: "FlattenFields",
  section: "transformation",
  label: "Flatten Fields",
  fields: [{ id: "flatten-lists", key: ["flatten_lists"], label: "Flatten Lists", hint: "Lists too (default on)." }],
});
