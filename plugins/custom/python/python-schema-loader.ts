import { SchemaLoader, type JsonSchema, type PythonObject } from "../../../sdk/index.js";

/**
 * A Python `SchemaLoader`: `get_json_schema()`, once per load, awaited.
 *
 * @example
 * # components.py
 * class FromConfig(SchemaLoader):
 *     def get_json_schema(self):
 *         return {"type": "object", "properties": {name: {"type": "string"} for name in self.config["fields"]}}
 */
export class PythonSchemaLoader extends SchemaLoader {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  async load(): Promise<JsonSchema> {
    return (await this.remote.call("get_json_schema")) as JsonSchema;
  }
}
