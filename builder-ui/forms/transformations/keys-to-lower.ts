import { defineForm } from "../form-declaration.js";

/** Keys to Lower Case: every key of a record lower-cased. */
export const keysToLower = defineForm({ type: "KeysToLower", section: "transformation", label: "Keys to Lower Case", fields: [] });
