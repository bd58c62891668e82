import { defineSection } from "../section-declaration.js";

/** Record Filter: records that fail its condition are dropped (`retriever.record_selector.record_filter`). */
export const recordFilterSection = defineSection({
  id: "record-filter",
  title: "Record Filter",
  path: "retriever.record_selector.record_filter",
  forms: "record-filter",
  shape: "one",
  note: "Drop the records for which a condition is false.",
});
