import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** `list_streams`: the saved manifest's streams, each with how it reads. */
export const listStreams = defineMcpTool({
  name: "list_streams",
  description:
    "Lists the streams of the saved manifest, each with its path, primary key, record path, paginator and incremental cursor as resolved (references and $parameters applied), " +
    "and the number of validation errors. Use it to see what is left to build or test.",
  input: Type.Object({}),
  async run(_input, { api, folder }) {
    const { text } = await api.readManifest();
    const fields = ["streams[*].retriever.requester.path", "streams[*].primary_key", "streams[*].retriever.record_selector.extractor.field_path", "streams[*].retriever.paginator.pagination_strategy.type", "streams[*].incremental_sync.type"];
    const analysis = await api.analyze({ text, fields, testingValues: await folder.readTestingValues() });
    const at = (path: string) => analysis.fields[path]?.value ?? null;
    return {
      errors: analysis.findings.filter((f) => f.severity === "error").length,
      streams: analysis.streams.map((name, i) => ({
        name,
        path: at(`streams[${i}].retriever.requester.path`),
        primary_key: at(`streams[${i}].primary_key`),
        record_path: at(`streams[${i}].retriever.record_selector.extractor.field_path`),
        pagination: at(`streams[${i}].retriever.paginator.pagination_strategy.type`),
        incremental: at(`streams[${i}].incremental_sync.type`),
      })),
    };
  },
});
