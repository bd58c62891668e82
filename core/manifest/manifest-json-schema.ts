import { COMPONENT_KIND_KEYWORD, COMPONENT_LIST_KEYWORD, type ComponentFactory, type DefinitionSchema, type JsonSchema } from "../../sdk/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";

/** A string reference to a definition, `"#/definitions/requester"`. */
const REFERENCE_STRING: DefinitionSchema = { type: "string", pattern: "^#/", description: "A reference to a definition, e.g. #/definitions/requester" };
/** `{ $ref: "#/definitions/x", ...overrides }`: the referenced object with sibling fields overriding its own. */
const REFERENCE_OBJECT: DefinitionSchema = {
  type: "object",
  required: ["$ref"],
  properties: { $ref: { type: "string", pattern: "^#/", description: "The definition this object copies; its other fields override the definition's" } },
};
const PARAMETERS: DefinitionSchema = { type: "object", description: "Values passed down to this component and its children (as `parameters` in templates, and as fields they lack)" };

/**
 * The JSON Schema (draft-07) of a manifest, assembled from every component type registered (the
 * built-ins, the host's plugins, a config file's plugins), never from a central list: each type is a
 * definition with its description and examples; each field that holds a component accepts a
 * definition of the types of its kind (with `type`, or without it where the kit implies a default
 * type), a `#/definitions/...` reference, or a `$ref` object. An editor's YAML language server completes
 * and checks manifests with it (`# yaml-language-server: $schema=manifest.schema.json`).
 *
 * @example
 * writeFileSync("manifest.schema.json", JSON.stringify(manifestJsonSchema(sluice.registry), null, 2));
 */
export function manifestJsonSchema(registry: ComponentRegistry): JsonSchema {
  const definitions: Record<string, DefinitionSchema> = {};
  for (const type of registry.types()) definitions[type] = typeDefinition(registry, registry.find(type)!);
  const root = registry.find("DeclarativeSource");
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: "Sluice declarative manifest",
    description: "A declarative HTTP API connector (Airbyte declarative manifest format) as Sluice runs it: `sluice schema` prints this schema from the component types registered.",
    ...(root ? { allOf: [{ $ref: "#/definitions/DeclarativeSource" }] } : { type: "object" }),
    definitions,
  };
}

/** One component type: its schema with each component field widened to what may stand there. */
function typeDefinition(registry: ComponentRegistry, factory: ComponentFactory): DefinitionSchema {
  const schema = factory.schema;
  const properties: Record<string, DefinitionSchema> = {};
  for (const [field, fieldSchema] of Object.entries((schema.properties ?? {}) as Record<string, DefinitionSchema>)) {
    properties[field] = fieldOf(registry, factory, field, fieldSchema);
  }
  const definition: DefinitionSchema = {
    ...withoutKeys(schema, ["properties", "examples", "description"]),
    type: "object",
    description: factory.description ?? factory.type,
    properties: { type: { const: factory.type, description: factory.description ?? factory.type }, $parameters: PARAMETERS, ...properties },
  };
  // The kit accepts fields it does not know; `sluice validate` warns about them instead.
  if (definition.additionalProperties === false) delete definition.additionalProperties;
  const examples = factory.examples?.map((example) => ({ type: factory.type, ...(example as Record<string, unknown>) }));
  if (examples?.length) definition.examples = examples;
  return definition;
}

/** A field's schema; a component field becomes the choice of everything that may be written there. */
function fieldOf(registry: ComponentRegistry, parent: ComponentFactory, field: string, schema: DefinitionSchema): DefinitionSchema {
  const kinds = schema[COMPONENT_KIND_KEYWORD] as string[] | undefined;
  if (kinds) {
    const choice = componentChoice(registry, kinds, parent.fieldDefaults?.[field], parent.customFieldTypes?.[field]);
    return schema[COMPONENT_LIST_KEYWORD] ? { anyOf: [choice, { type: "array", items: choice }], description: choice.description } : choice;
  }
  const items = schema.items as DefinitionSchema | undefined;
  if (items && COMPONENT_KIND_KEYWORD in items) {
    return { ...schema, items: componentChoice(registry, items[COMPONENT_KIND_KEYWORD] as string[], parent.fieldDefaults?.[field], parent.customFieldTypes?.[field]) };
  }
  const values = schema.additionalProperties as DefinitionSchema | undefined;
  if (values && typeof values === "object" && COMPONENT_KIND_KEYWORD in values) {
    return { ...schema, additionalProperties: componentChoice(registry, values[COMPONENT_KIND_KEYWORD] as string[], undefined, undefined) };
  }
  return schema;
}

/**
 * A component of the given kinds: `{ type: T, ... }` for each registered type T of those kinds, an
 * untyped definition of the default type, an untyped custom component (`class_name`), or a reference.
 */
function componentChoice(registry: ComponentRegistry, kinds: readonly string[], defaultType: string | undefined, customType: string | undefined): DefinitionSchema {
  const types = kinds.flatMap((kind) => registry.typesOfKind(kind));
  const choices: DefinitionSchema[] = types.map((type) => ({ allOf: [{ $ref: `#/definitions/${type}` }], required: ["type"], properties: { type: { const: type } } }));
  if (defaultType && registry.find(defaultType)) {
    choices.push({ allOf: [{ $ref: `#/definitions/${defaultType}` }, { not: { anyOf: [{ required: ["type"] }, { required: ["$ref"] }] } }], description: `${defaultType} (the default type here)` });
  }
  if (customType && registry.find(customType)) {
    choices.push({ allOf: [{ $ref: `#/definitions/${customType}` }, { required: ["class_name"] }, { not: { required: ["type"] } }] });
  }
  choices.push(REFERENCE_STRING, REFERENCE_OBJECT);
  return { anyOf: choices, description: `A component: ${types.join(", ") || kinds.join(", ")}` };
}

function withoutKeys(schema: DefinitionSchema, keys: readonly string[]): DefinitionSchema {
  const out: DefinitionSchema = {};
  for (const [key, value] of Object.entries(schema)) if (!keys.includes(key)) out[key] = value;
  return out;
}
