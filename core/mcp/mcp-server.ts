import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool, McpToolContext } from "../builder/tools/mcp-tool.js";
import { createToolRunner, type ToolLimits } from "../builder/tools/tool-runner.js";

/** How far one tool call may go (see {@link ToolLimits}). */
export type McpLimits = ToolLimits;

const INSTRUCTIONS = `Sluice builds Airbyte declarative connectors (a manifest.yaml) in one folder.
A usual session: read_docs (manifest, authentication, pagination) and describe_component for the format;
set_testing_values with the API's credentials (never write them into the manifest: reference them as
{{ config['name'] }}); import_openapi when the API publishes an OpenAPI document; probe_endpoint on a list
endpoint to learn its records path, primary key and pagination; write_manifest and fix what its validation
report lists; test_read_stream each stream until every page reads; detect_schema for each stream's schema.
Every answer is JSON; credentials are masked as ****.`;

/**
 * The MCP server of `sluice mcp`: the tools of core/builder/tools/ over the Builder's service layer, for an
 * agent working on one connector folder, run by the same {@link createToolRunner} as the Builder's page
 * (`GET api/tools`, `POST api/tools/NAME`): input checked against the tool's schema, a time bound (and
 * the client's cancellation), JSON answers with every known secret masked, failures as `isError` with
 * the error's description.
 *
 * @example
 * const server = createMcpServer({ api, folder, sluice }, "0.1.0");
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(context: Omit<McpToolContext, "signal">, version: string, options: { tools?: readonly McpTool[]; limits?: Partial<McpLimits> } = {}): Server {
  const runner = createToolRunner(context, options);
  const server = new Server({ name: "sluice", version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: runner.list() as never }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const answer = await runner.call(request.params.name, request.params.arguments ?? {}, extra.signal);
    return { content: [{ type: "text", text: answer.text }], ...(answer.isError ? { isError: true } : {}) };
  });
  return server;
}
