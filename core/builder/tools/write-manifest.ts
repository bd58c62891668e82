import { Type } from "../../../sdk/index.js";
import { parseManifestText } from "../../manifest/parse-manifest-text.js";
import { defineMcpTool } from "./mcp-tool.js";
import { validationReport } from "./validation-report.js";

/** `write_manifest`: saves a manifest text that parses, then validates it. */
export const writeManifest = defineMcpTool({
  name: "write_manifest",
  description:
    "Saves a new manifest text as manifest.yaml, only when it parses as YAML; then returns the validation report (every problem with line, column, manifest path and a did-you-mean). " +
    "Credentials must never be written into the manifest: reference them as {{ config['api_key'] }} and set their values with set_testing_values; a text holding a testing value is refused. " +
    "Give base_hash (from get_manifest) to refuse the save when the file changed meanwhile.",
  input: Type.Object({
    text: Type.String({ description: "the whole manifest, YAML or JSON", maxLength: 4_000_000 }),
    base_hash: Type.Optional(Type.String({ description: "the hash get_manifest returned; the save is refused if the file changed since" })),
  }),
  async run(input, { api, folder }) {
    await parseManifestText(input.text, folder.manifestFile); // a text that does not parse is never saved
    const baseHash = input.base_hash ?? (await api.readManifest()).hash;
    const saved = await api.saveManifest({ text: input.text, baseHash });
    return { saved: true, hash: saved.hash, ...(await validationReport(api, folder, input.text)) };
  },
});
