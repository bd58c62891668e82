/**
 * TypeBox, the one package the SDK depends on: component definitions are written with it
 * ({@link defineComponent}), so the SDK hands extension authors the same copy the built-ins use.
 * A TypeBox schema is plain JSON Schema (its markers are symbol keys), checked by Sluice's ajv.
 */
import { Type as TypeBoxType, type Static as TypeBoxStatic, type TSchema as TypeBoxSchema } from "@sinclair/typebox";

/**
 * TypeBox's JSON Schema builder.
 *
 * @example
 * const schema = Type.Object({ step: Type.Integer({ minimum: 1 }), start: Type.Optional(Type.Integer()) });
 * // { type: "object", properties: { step: { type: "integer", minimum: 1 }, start: { type: "integer" } }, required: ["step"] }
 */
export const Type = TypeBoxType;

/**
 * The TypeScript type of a TypeBox schema.
 *
 * @example
 * type Steps = Static<typeof schema>; // { step: number; start?: number }
 */
export type Static<S extends TypeBoxSchema> = TypeBoxStatic<S>;

/**
 * Any TypeBox schema.
 *
 * @example
 * function optionalField<S extends TSchema>(schema: S) { return Type.Optional(schema); }
 */
export type TSchema = TypeBoxSchema;
