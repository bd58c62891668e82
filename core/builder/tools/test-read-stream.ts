import { Type } from "../../../sdk/index.js";
import { defineMcpTool } from "./mcp-tool.js";

/** The most a tool's test read may ask for: an agent's call stays small and quick. */
export const TEST_READ_BOUNDS = { pages: 10, records: 1000, slices: 10 };

/** `test_read_stream`: `sluice test-read --json` of one stream of the saved manifest, with the testing values. */
export const testReadStream = defineMcpTool({
  name: "test_read_stream",
  description:
    "Test-reads one stream of the saved manifest with the testing values and returns what `sluice test-read --json` prints: each slice and page with the request as sent and the response as received (credentials redacted), " +
    "the records, the pagination decision (next token, or why it stopped), the state each slice ended with and the final state, warnings, and an error with the manifest path it concerns (error_path). " +
    "Give state to start an incremental stream from a saved state. Bounded: at most 10 pages per slice, 10 slices, 1000 records.",
  input: Type.Object({
    stream: Type.String({ description: "the stream's name" }),
    pages: Type.Optional(Type.Integer({ minimum: 1, maximum: TEST_READ_BOUNDS.pages, description: "pages per slice (default 3)" })),
    records: Type.Optional(Type.Integer({ minimum: 1, maximum: TEST_READ_BOUNDS.records, description: "records in all (default 100)" })),
    slices: Type.Optional(Type.Integer({ minimum: 1, maximum: TEST_READ_BOUNDS.slices, description: "slices (partitions, date windows; default 3)" })),
    state: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "the stream's state to start from, as a previous read's final state" })),
  }),
  async run(input, { api, signal }) {
    const { text } = await api.readManifest();
    return api.test({ text, stream: input.stream, pages: input.pages ?? 3, records: input.records ?? 100, slices: input.slices ?? 3, state: input.state, signal });
  },
});
