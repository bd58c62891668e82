import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** `detect_schema`: the JSON Schema of a stream's records, read with a short test read, beside the declared one. */
export const detectSchema = defineMcpTool({
  name: "detect_schema",
  description:
    "Test-reads a stream (up to 3 pages, 500 records) and returns the JSON Schema inferred from its records (as the kit's schema inferrer writes it) beside the stream's declared schema, with the differences. " +
    "Put the detected schema into the manifest's schema_loader (an InlineSchemaLoader) with write_manifest.",
  input: Type.Object({ stream: Type.String({ description: "the stream's name" }) }),
  async run(input, { api, signal }) {
    const { text } = await api.readManifest();
    const read = await api.test({ text, stream: input.stream, pages: 3, records: 500, slices: 3, signal });
    const stream = read.streams[0];
    if (stream?.error) return { stream: input.stream, error: stream.error, error_path: stream.error_path };
    const records = (stream?.slices ?? []).flatMap((slice) => slice.pages.flatMap((page) => page.records));
    return { stream: input.stream, records: records.length, ...(await api.detectSchema({ text, stream: input.stream, records })) };
  },
});
