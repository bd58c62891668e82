import { defineComponent, Type, type ComponentFactory, type DataRecord, type RecordTransformation } from "../../sdk/index.js";

/**
 * `KeysToLower`: lower-cases the record's top-level keys (nested objects keep theirs, as in the kit).
 * When two keys differ only in case, the later one's value wins.
 *
 * Modelled on SendGrid's contacts export, whose custom field names arrive as the user typed them:
 * `{ "EMAIL": "a@example.com", "First_Name": "Ada" }` becomes `{ "email": ..., "first_name": ... }`.
 *
 * @example
 * transformations:
 *   - type: KeysToLower
 */
export class KeysToLower implements RecordTransformation {
  transform(record: DataRecord): void {
    const entries = Object.entries(record);
    for (const [key] of entries) delete record[key];
    for (const [key, value] of entries) record[key.toLowerCase()] = value;
  }
}

/** The manifest component; see {@link KeysToLower}. */
export const KeysToLowerComponent: ComponentFactory<KeysToLower> = defineComponent({
  type: "KeysToLower",
  kind: "transformation",
  description: "Lower-cases the record's top-level keys",
  schema: Type.Object({}),
  build: () => new KeysToLower(),
});
