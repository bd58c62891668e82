import { Type, type ConnectorConfig } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** `set_testing_values`: writes the config test reads use into secrets/config.json; answers with key names only. */
export const setTestingValues = defineMcpTool({
  name: "set_testing_values",
  description:
    "Writes the testing values (the connector's config: credentials, start dates, base URLs) into secrets/config.json, which is owner-only and git-ignored, never into the manifest. " +
    "By default the given keys are merged into the saved values; replace: true writes exactly the given object. The answer names the keys saved, never a value.",
  input: Type.Object({
    values: Type.Record(Type.String(), Type.Unknown(), { description: "config keys and their values, as the manifest reads them with {{ config['key'] }}" }),
    replace: Type.Optional(Type.Boolean({ description: "write exactly these values (default: merge into the saved ones)" })),
  }),
  async run(input, { api, folder }) {
    const values: ConnectorConfig = input.replace ? { ...input.values } : { ...(await folder.readTestingValues()), ...input.values };
    await api.saveTestingValues(values);
    return { file: "secrets/config.json", saved_keys: Object.keys(input.values).sort(), all_keys: Object.keys(values).sort() };
  },
});
