import { defineForm } from "../form-declaration.js";

/** Incrementing Count Cursor: an integer cursor (an id that only grows); the stream asks for values above the saved one. */
export const incrementingCountCursor = defineForm({
  type: "IncrementingCountCursor",
  section: "incremental-sync",
  label: "Incrementing Count Cursor",
  fields: [
    { id: "count-cursor-field", key: ["cursor_field"], label: "Cursor Field", required: true, hint: "The record's integer field, e.g. id." },
    { id: "start-value", key: ["start_value"], label: "Start Value", control: "integer", hint: "Where the first sync starts: an integer, or a template such as {{ config['start_id'] }}." },
    { id: "start-value-option", key: ["start_value_option"], label: "Inject Start Value Into Outgoing HTTP Request", control: "injection", title: "Inject Start Value Into Outgoing HTTP Request" },
  ],
  template: () => ({ type: "IncrementingCountCursor", cursor_field: "id" }),
});
