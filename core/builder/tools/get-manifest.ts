import { basename } from "node:path";
import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** `get_manifest`: the saved manifest's text and hash. */
export const getManifest = defineMcpTool({
  name: "get_manifest",
  description:
    "Returns the connector's saved manifest (manifest.yaml, the Airbyte declarative format) as text, with its hash. " +
    "Edit the text and save it with write_manifest; pass the hash as base_hash so an edit made meanwhile (in the Builder) is not overwritten.",
  input: Type.Object({}),
  async run(_input, { api, folder }) {
    const { text, hash } = await api.readManifest();
    return { file: basename(folder.manifestFile), hash, text };
  },
});
