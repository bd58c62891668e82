import { Type, type Static, type TObject, type TUnsafe } from "@sinclair/typebox";
import type { BuildContext, ComponentDefinition, ComponentFactory, DefinitionSchema } from "./component-factory.js";
import { COMPONENT_KIND_KEYWORD, COMPONENT_LIST_KEYWORD } from "./component-factory.js";

/**
 * A component whose definition schema is written once, with TypeBox (`Type.Object(...)`): the JSON Schema
 * the registry validates manifests with, and the TypeScript type `build()` receives (`Static<schema>`),
 * so a factory reads `def.page_size` as `number | string | undefined` instead of casting.
 *
 * @example
 * import { defineComponent, Type } from "sluice/sdk";
 *
 * export const StepPagination = defineComponent({
 *   type: "StepPagination",
 *   kind: "pagination_strategy",
 *   schema: Type.Object({ step: Type.Integer({ minimum: 1 }), start: Type.Optional(Type.Integer()) }),
 *   build: (def) => new Steps(def.step, def.start ?? 0),   // def.step: number, def.start: number | undefined
 * });
 */
export function defineComponent<S extends TObject, T>(
  spec: Omit<ComponentFactory<T>, "schema" | "build"> & {
    readonly schema: S;
    build(definition: Definition<S>, context: BuildContext): T | Promise<T>;
  },
): ComponentFactory<T> {
  // A TypeBox schema is a plain JSON Schema object (its own markers are symbol keys, which ajv and JSON ignore).
  return { ...spec, schema: spec.schema as unknown as DefinitionSchema, build: (definition, context) => spec.build(definition as Definition<S>, context) };
}

/**
 * The definition `build()` receives: the schema's static type, plus `type` and `$parameters`.
 *
 * @example
 * type StepsDefinition = Definition<typeof StepsSchema>; // { step: number; start?: number; type: string; $parameters?: ... }
 */
export type Definition<S extends TObject> = Static<S> & { type: string; $parameters?: Record<string, unknown> };

/**
 * A field that holds a component of one of `kinds` (or a `#/definitions/...` reference to one), typed as
 * a component definition: build it with `ctx.build(field)` or `ctx.buildChild(value, path)`.
 *
 * @example
 * schema: Type.Object({ authenticator: Type.Optional(componentSchema("authenticator")) })
 */
export function componentSchema(...kinds: string[]): TUnsafe<ComponentDefinition> {
  return Type.Unsafe<ComponentDefinition>({ [COMPONENT_KIND_KEYWORD]: kinds });
}

/**
 * A field holding a component or a list of them (a retriever's `partition_router`).
 *
 * @example
 * partition_router: Type.Optional(componentOrListSchema("partition_router"))
 */
export function componentOrListSchema(...kinds: string[]): TUnsafe<ComponentDefinition | ComponentDefinition[]> {
  return Type.Unsafe<ComponentDefinition | ComponentDefinition[]>({ [COMPONENT_KIND_KEYWORD]: kinds, [COMPONENT_LIST_KEYWORD]: true });
}

/**
 * A field typed exactly as a JSON Schema fragment TypeBox has no builder for (a list of `type`s, an
 * `enum` kept as written), with its TypeScript type given.
 *
 * @example
 * request_parameters: Type.Optional(jsonSchema<Record<string, unknown> | string>({ type: ["object", "string"] }))
 */
export function jsonSchema<T>(schema: Record<string, unknown>): TUnsafe<T> {
  return Type.Unsafe<T>(schema);
}
