import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";
import { validationReport } from "./validation-report.js";

/** `validate_manifest`: the saved manifest's (or a given text's) problems, without saving. */
export const validateManifest = defineMcpTool({
  name: "validate_manifest",
  description:
    "Validates the saved manifest, or the given text without saving it, with no request sent: every problem with its line, column, manifest path, what was expected and what was found (unknown fields and types come with a did-you-mean). " +
    "The testing values are checked against the manifest's spec too.",
  input: Type.Object({
    text: Type.Optional(Type.String({ description: "a manifest text to check instead of the saved one", maxLength: 4_000_000 })),
  }),
  async run(input, { api, folder }) {
    return validationReport(api, folder, input.text ?? (await api.readManifest()).text);
  },
});
