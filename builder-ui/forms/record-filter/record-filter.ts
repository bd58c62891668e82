import { RECORD_VARIABLES } from "../incremental/stream-variables.js";
import { defineForm } from "../form-declaration.js";

/** Record Filter: records whose condition is false are dropped (`record_selector.record_filter`). */
export const recordFilter = defineForm({
  type: "RecordFilter",
  section: "record-filter",
  label: "Record Filter",
  fields: [{ id: "record-filter-condition", key: ["condition"], label: "Condition", control: "template", variables: RECORD_VARIABLES, placeholder: "{{ condition logic }}", hint: "Keep a record when true, e.g. {{ record['status'] != 'deleted' }}." }],
  template: () => ({ type: "RecordFilter", condition: "{{ record }}" }),
});
