import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** `import_openapi`: a connector from an OpenAPI document, as `sluice init --openapi` writes one, into this folder. */
export const importOpenApi = defineMcpTool({
  name: "import_openapi",
  description:
    "Writes the folder's manifest from an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML), as `sluice init --openapi` does: one stream per list endpoint with its records path, primary key, pagination and schema, " +
    "the authenticator from the security schemes, the base URL from servers. Returns the streams, the inputs to fill with set_testing_values, and a report of every guess with its evidence and what could not be decided. " +
    "Give source (an http(s) URL, fetched once, or a file inside the folder) or text (the document). A manifest that already has streams is replaced only with replace: true. Then test_read_stream each stream.",
  input: Type.Object({
    source: Type.Optional(Type.String({ description: "an http(s) URL of the document, or a path inside the connector folder" })),
    text: Type.Optional(Type.String({ maxLength: 30_000_000, description: "the document itself, instead of source" })),
    url: Type.Optional(Type.String({ description: "the API's base URL, instead of the document's servers" })),
    streams: Type.Optional(Type.Array(Type.String(), { description: "the list endpoints to keep, by stream name (default all)" })),
    replace: Type.Optional(Type.Boolean({ description: "replace a manifest that already has streams" })),
  }),
  async run(input, { api }) {
    const { manifest, ...result } = await api.importOpenApi(input);
    return { ...result, saved: true, hash: manifest.hash };
  },
});
