import type { ValidateFunction } from "ajv";
import { ConfigError, ManifestError, Type, loadAjv, ValidationStrategy, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";

/**
 * `ValidateAdheresToSchema`: the value must match the JSON Schema `base_schema`; a string value is
 * first parsed as JSON (a config field holding a JSON document: a custom report definition, a list of
 * filters), as the kit does. Fails with the kit's messages, `Invalid JSON string: ...` or
 * `JSON schema validation error: ...`.
 *
 * @example
 * validation_strategy:
 *   type: ValidateAdheresToSchema
 *   base_schema:
 *     type: array
 *     items: { type: object, required: [name, fields], properties: { name: { type: string } } }
 */
export class ValidateAdheresToSchema extends ValidationStrategy {
  constructor(private readonly check: ValidateFunction) {
    super();
  }

  validate(value: unknown): void {
    let document = value;
    if (typeof value === "string") {
      try {
        document = JSON.parse(value);
      } catch {
        throw new ConfigError("CONFIG_VALIDATION_FAILED", `Invalid JSON string: ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`, { expected: "a JSON document", found: "text that does not parse as JSON" });
      }
    }
    if (this.check(document)) return;
    const first = this.check.errors?.[0];
    const at = first?.instancePath ? ` (at ${first.instancePath})` : "";
    throw new ConfigError("CONFIG_VALIDATION_FAILED", `JSON schema validation error: ${first?.message ?? "the value does not match the schema"}${at}`, { expected: "a value matching base_schema", found: JSON.stringify(document)?.slice(0, 200) ?? "nothing" });
  }
}

/** The manifest component; see {@link ValidateAdheresToSchema}. */
export const ValidateAdheresToSchemaComponent: ComponentFactory<ValidateAdheresToSchema> = defineComponent({
  type: "ValidateAdheresToSchema",
  kind: "validation_strategy",
  description: "Validates that a user-provided schema adheres to a specified JSON schema.",
  examples: [{ base_schema: { type: "array", items: { type: "object", required: ["name"] } } }],
  schema: Type.Object({
    base_schema: jsonSchema<Record<string, unknown> | string>({ type: ["string", "object"], title: "Base JSON Schema", description: "The base JSON schema against which the user-provided schema will be validated." }),
  }, { title: "Validate Adheres To Schema" }),
  async build(def, ctx) {
    let schema: unknown = def.base_schema;
    // Imported when a manifest uses this component: every other command starts without ajv.
    const Ajv = await loadAjv();
    try {
      if (typeof schema === "string") schema = JSON.parse(schema);
      const ajv = new Ajv({ allErrors: false, strict: false, allowUnionTypes: true, validateFormats: false, logger: false });
      return new ValidateAdheresToSchema(ajv.compile(schema as Record<string, unknown>));
    } catch (error) {
      throw new ManifestError("MANIFEST_INVALID", `base_schema is not a usable JSON Schema: ${(error as Error).message}`, { where: { manifestPath: `${ctx.path}.base_schema` }, expected: "a JSON Schema (an object, or JSON text of one)", found: typeof def.base_schema, cause: error });
    }
  },
});
