import type { ComponentSchema, PropertySchema } from "../../core/builder/builder-api-types.js";

/**
 * The registered components' JSON Schemas, as the session gave them (`GET api/session`'s
 * `componentSchemas`: each component's TypeBox schema, a host's plugins included). Set once when the
 * page opens (main.tsx), before anything is drawn; the forms read their fields' types from them.
 *
 * @example
 * setComponentSchemas(session.componentSchemas);
 * propertySchema("OffsetIncrement", ["page_size"]) // { anyOf: [{ type: "integer" }, { type: "string" }] }
 */
let schemas: Readonly<Record<string, ComponentSchema>> = {};

export function setComponentSchemas(next: Readonly<Record<string, ComponentSchema>>): void {
  schemas = next;
}

/** A component type's schema (undefined for a type no plugin registered). */
export function componentSchema(type: string): ComponentSchema | undefined {
  return schemas[type];
}

/**
 * The schema of the property at `key` under a component, following a nested component's `$ref`
 * (`["login_requester", "url_base"]` is HttpRequester's `url_base`) and a nested object's `properties`.
 */
export function propertySchema(type: string, key: readonly string[]): PropertySchema | undefined {
  let node: PropertySchema | undefined = schemas[type];
  for (const segment of key) {
    // A list's item (`["fields", "0", "path"]`): the array's `items`.
    if (/^\d+$/.test(segment)) {
      node = node?.items ?? node?.anyOf?.find((child) => child.items)?.items;
      continue;
    }
    const holder: PropertySchema | undefined = node && (node.properties ? node : componentOf(node));
    node = holder?.properties?.[segment];
    if (!node) return undefined;
  }
  return node;
}

/** Whether `key` is in its component's (or nested object's) `required` list. */
export function isRequired(type: string, key: readonly string[]): boolean {
  const parent = key.length > 1 ? propertySchema(type, key.slice(0, -1)) : schemas[type];
  const holder = parent && (parent.properties ? parent : componentOf(parent));
  return holder?.required?.includes(key[key.length - 1]!) ?? false;
}

/** The component a property holds (`anyOf: [{ allOf: [{ $ref: "#/definitions/HttpRequester" }] }, ...]`): its schema. */
export function componentOf(property: PropertySchema): ComponentSchema | undefined {
  const name = referencedTypes(property)[0];
  return name ? schemas[name] : undefined;
}

/** The component types a property may hold, by their `$ref`s. */
export function referencedTypes(property: PropertySchema): string[] {
  const found: string[] = [];
  const visit = (node: PropertySchema) => {
    const ref = /^#\/definitions\/(.+)$/.exec(node.$ref ?? "")?.[1];
    if (ref && !found.includes(ref)) found.push(ref);
    for (const child of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) visit(child);
  };
  visit(property);
  return found;
}
