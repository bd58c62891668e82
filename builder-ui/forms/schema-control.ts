import type { PropertySchema } from "../../core/builder/builder-api-types.js";
import { referencedTypes } from "./component-schemas.js";
import type { Control } from "./form-declaration.js";

/**
 * The control a property's JSON Schema asks for: an `enum` a select of its values, a boolean a
 * checkbox, an integer (alone, nullable, or beside a template string) an integer, a list of strings a
 * list, a request option an injection group, an object of free keys key/value rows, anything else text.
 *
 * @example
 * controlOf({ enum: ["HS256", "RS256"] }) // { control: "select", options: ["HS256", "RS256"] }
 * controlOf({ anyOf: [{ type: "integer" }, { type: "string" }] }) // { control: "integer" }
 * controlOf({ type: "array", items: { type: "string" } }) // { control: "list" }
 */
export function controlOf(property: PropertySchema | undefined): { control: Control; options?: string[] } {
  if (!property) return { control: "text" };
  if (property.enum) return { control: "select", options: property.enum.map(String) };
  if (referencedTypes(property).includes("RequestOption")) return { control: "injection" };
  const types = typesOf(property);
  if (types.has("boolean")) return { control: "boolean" };
  if (types.has("integer") || types.has("number")) return { control: "integer" };
  if (types.has("array") && typesOf(property.items ?? {}).has("string")) return { control: "list" };
  if (types.has("object") && !property.properties) return { control: "keyvalue" };
  return { control: "text" };
}

/** The JSON types a property allows (`type`, a list of them, or an `anyOf` of plain types). */
function typesOf(property: PropertySchema): Set<string> {
  const out = new Set<string>();
  const add = (node: PropertySchema) => {
    for (const type of [node.type ?? []].flat()) out.add(type);
    for (const child of node.anyOf ?? []) if (!child.$ref && !child.allOf) add(child);
  };
  add(property);
  out.delete("null");
  return out;
}
