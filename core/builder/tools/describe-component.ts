import { SluiceError, Type } from "../../../sdk/index.js";
import { manifestJsonSchema } from "../../manifest/manifest-json-schema.js";
import { nearestMatch } from "../../../pure/nearest-match.js";
import { defineMcpTool } from "./mcp-tool.js";

interface ComponentSchema {
  description?: string;
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  examples?: unknown[];
}

/** `describe_component`: a component type's fields, from the same schema `sluice schema` prints. */
export const describeComponent = defineMcpTool({
  name: "describe_component",
  description:
    "Describes a manifest component type (DeclarativeStream, HttpRequester, DpathExtractor, DefaultPaginator, CursorPagination, OffsetIncrement, ApiKeyAuthenticator, DatetimeBasedCursor, ...): " +
    "what it does, each field with its JSON Schema (type, default, description) and whether it is required, and an example as a manifest writes it. " +
    "Without a type, lists every type with its one-line description.",
  input: Type.Object({ type: Type.Optional(Type.String({ description: "the component type, as written after `type:`" })) }),
  async run(input, { sluice }) {
    const definitions = (manifestJsonSchema(sluice.registry) as { definitions: Record<string, ComponentSchema> }).definitions;
    if (!input.type) return { types: Object.fromEntries(Object.entries(definitions).map(([type, d]) => [type, d.description ?? ""])) };
    const schema = definitions[input.type];
    if (!schema) {
      const near = nearestMatch(input.type, Object.keys(definitions));
      throw new SluiceError("MCP_TOOL_INPUT_INVALID", `No component type '${input.type}'${near ? ` (did you mean '${near}'?)` : ""}`, {
        failureType: "config_error",
        expected: "a component type; describe_component without a type lists them",
        found: input.type,
      });
    }
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {})
      .filter(([name]) => name !== "type")
      .map(([name, field]) => ({ name, required: required.has(name), schema: field }));
    return { type: input.type, description: schema.description ?? "", fields, example: schema.examples?.[0] ?? null };
  },
});
