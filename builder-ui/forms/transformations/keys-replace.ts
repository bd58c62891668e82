import { defineForm } from "../form-declaration.js";

/** Keys Replace: a substring of every key replaced. */
export const keysReplace = defineForm({
  type: "KeysReplace",
  section: "transformation",
  label: "Keys Replace",
  fields: [
    { id: "keys-old", key: ["old"], label: "Old value", required: true, control: "template", variables: ["config", "key"] },
    { id: "keys-new", key: ["new"], label: "New value", required: true, control: "template", variables: ["config", "key"] },
  ],
  template: () => ({ type: "KeysReplace", old: " ", new: "_" }),
});
