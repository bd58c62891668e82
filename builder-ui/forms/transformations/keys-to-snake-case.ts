import { defineForm } from "../form-declaration.js";

/** Key to Snake Case: every key of a record in snake_case. */
export const keysToSnakeCase = defineForm({ type: "KeysToSnakeCase", section: "transformation", label: "Key to Snake Case", fields: [] });
