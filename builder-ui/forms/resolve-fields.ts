import { isRequired, propertySchema } from "./component-schemas.js";
import type { Control, FieldOverlay, FormDeclaration } from "./form-declaration.js";
import { controlOf } from "./schema-control.js";

/** A field as a section draws it: its overlay, with the control, choices, default and requiredness the schema gives. */
export interface ResolvedField extends FieldOverlay {
  kind: Control;
}

/**
 * A declaration's fields, in its order, each completed from the component's JSON Schema: the control
 * from the property's type (an overlay's `control` or `input` wins), a select's options from its
 * `enum`, the placeholder of a text or number from its `default`, required from the schema's list.
 *
 * @example
 * resolveFields(jwt).find((f) => f.label === "Algorithm") // { key: ["algorithm"], kind: "select", options: ["HS256", ...], required: true, ... }
 */
export function resolveFields(declaration: FormDeclaration): ResolvedField[] {
  return declaration.fields.map((overlay) => resolveField(declaration.type, overlay));
}

/** One overlay field of a component of `type`, completed from its schema. */
export function resolveField(type: string, overlay: FieldOverlay): ResolvedField {
  const property = propertySchema(type, overlay.key);
  const derived = controlOf(property);
  const kind: Control = overlay.input ? "input" : (overlay.control ?? derived.control);
  const fallback = property?.default;
  const placeholder = overlay.placeholder ?? ((kind === "text" || kind === "integer") && (typeof fallback === "string" || typeof fallback === "number") ? String(fallback) : undefined);
  return {
    ...overlay,
    kind,
    options: overlay.options ?? (kind === "select" ? derived.options : undefined),
    placeholder,
    required: overlay.required ?? (isRequired(type, overlay.key) || undefined),
  };
}
