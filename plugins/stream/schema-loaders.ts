import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  ManifestError,
  Type,
  defineComponent,
  jsonSchema,
  type ComponentFactory,
  type JsonSchema,
  type SchemaLoader,
} from "../../sdk/index.js";

/**
 * `InlineSchemaLoader`: the stream's JSON Schema, written in the manifest.
 *
 * @example
 * schema_loader: { type: InlineSchemaLoader, schema: { type: object, properties: { id: { type: integer } } } }
 */
export const InlineSchemaLoaderComponent: ComponentFactory<SchemaLoader> = defineComponent({
  type: "InlineSchemaLoader",
  kind: "schema_loader",
  description: "A JSON Schema written in the manifest",
  examples: [{ schema: { type: "object", properties: { id: { type: "integer" } } } }],
  schema: Type.Object({
    schema: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  }),
  build: (def) => ({ load: async () => def.schema ?? {} }),
});

/**
 * `JsonFileSchemaLoader`: the stream's JSON Schema in a file, relative to the connector folder
 * (default `schemas/<stream name>.json`).
 *
 * @example
 * schema_loader: { type: JsonFileSchemaLoader, file_path: "./schemas/users.json" }
 */
export const JsonFileSchemaLoaderComponent: ComponentFactory<SchemaLoader> = defineComponent({
  type: "JsonFileSchemaLoader",
  kind: "schema_loader",
  description: "A JSON Schema read from a file beside the manifest",
  examples: [{ file_path: "./schemas/users.json" }],
  schema: Type.Object({
    file_path: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const relative = typeof def.file_path === "string" ? def.file_path : `schemas/${String(def.name ?? ctx.stream ?? "stream")}.json`;
    const file = resolve(ctx.connectorDir ?? process.cwd(), relative.replace(/^\.\/source_[a-z0-9_]+\//, "./"));
    return {
      async load() {
        try {
          return JSON.parse(await readFile(file, "utf8")) as JsonSchema;
        } catch (error) {
          throw new ManifestError("SCHEMA_NOT_FOUND", `The stream's JSON Schema file could not be read`, {
            where: { file, manifestPath: ctx.path, stream: ctx.stream },
            expected: "a JSON file",
            found: (error as NodeJS.ErrnoException).code ?? String(error),
            cause: error,
          });
        }
      },
    };
  },
});
