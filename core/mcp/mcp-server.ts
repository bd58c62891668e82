import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Ajv, type ValidateFunction } from "ajv";
import { Secrets, SluiceError } from "../../sdk/index.js";
import { secretFieldNames, secretValues } from "../config/validate-config.js";
import { parseManifestText } from "../manifest/parse-manifest-text.js";
import type { McpTool, McpToolContext } from "./mcp-tool.js";
import { MCP_TOOLS } from "./tools/index.js";

/** How far one tool call may go: its time, and the characters of its answer. */
export interface McpLimits {
  /** Milliseconds a call may run before it is aborted (default 120 s). */
  callMs: number;
  /** Characters of an answer; a longer one is cut, saying so (default 400,000). */
  answerChars: number;
}

const DEFAULT_LIMITS: McpLimits = { callMs: 120_000, answerChars: 400_000 };

const INSTRUCTIONS = `Sluice builds Airbyte declarative connectors (a manifest.yaml) in one folder.
A usual session: read_docs (manifest, authentication, pagination) and describe_component for the format;
set_testing_values with the API's credentials (never write them into the manifest: reference them as
{{ config['name'] }}); probe_endpoint on a list endpoint to learn its records path, primary key and pagination;
write_manifest and fix what its validation report lists; test_read_stream each stream until every page reads;
detect_schema for each stream's schema. Every answer is JSON; credentials are masked as ****.`;

/**
 * The MCP server of `sluice mcp`: the tools of core/mcp/tools/ over the Builder's service layer, for an
 * agent working on one connector folder. Each call's input is checked against the tool's schema, the call
 * runs under a time bound (and the client's cancellation), and its answer is JSON, every known secret (the
 * secret testing values, tokens met during reads) masked, cut at `answerChars`. A failing call answers
 * `isError` with the error's description (what was expected, what was found, where).
 *
 * @example
 * const server = createMcpServer({ api, folder, sluice }, "0.1.0");
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(context: Omit<McpToolContext, "signal">, version: string, options: { tools?: readonly McpTool[]; limits?: Partial<McpLimits> } = {}): Server {
  const tools = options.tools ?? MCP_TOOLS;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const ajv = new Ajv({ allErrors: true, strict: false });
  const checks = new Map<string, ValidateFunction>(tools.map((tool) => [tool.name, ajv.compile(tool.input)]));
  const server = new Server({ name: "sluice", version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: JSON.parse(JSON.stringify(tool.input)) })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const secrets = context.sluice.services.get(Secrets);
    try {
      const tool = tools.find((t) => t.name === request.params.name);
      const input = request.params.arguments ?? {};
      if (!tool) throw invalidInput(`No tool '${request.params.name}'`, tools.map((t) => t.name).join(", "), request.params.name);
      const check = checks.get(tool.name)!;
      if (!check(input)) throw invalidInput(`${tool.name}: the input does not match the tool's schema`, "the input schema the tool lists", ajv.errorsText(check.errors));
      await registerTestingSecrets(context, secrets);
      const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(limits.callMs)]);
      const answer = await tool.run(input, { ...context, signal });
      return { content: [{ type: "text", text: bounded(secrets.redact(JSON.stringify(answer ?? null, null, 2)), limits.answerChars) }] };
    } catch (error) {
      const text = error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error);
      return { content: [{ type: "text", text: bounded(secrets.redact(text), limits.answerChars) }], isError: true };
    }
  });
  return server;
}

/** The secret testing values (the spec's `airbyte_secret` fields) are masked in every answer, before any read registers them. */
async function registerTestingSecrets({ api, folder }: Omit<McpToolContext, "signal">, secrets: Secrets): Promise<void> {
  const values = await folder.readTestingValues().catch(() => ({}));
  const manifest = await parseManifestText((await api.readManifest()).text, folder.manifestFile).catch(() => undefined);
  for (const value of secretValues(values, secretFieldNames(manifest))) secrets.add(value);
}

function bounded(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}\n... (cut at ${chars} characters of ${text.length}; ask for less: fewer pages or records)`;
}

function invalidInput(message: string, expected: string, found: string): SluiceError {
  return new SluiceError("MCP_TOOL_INPUT_INVALID", message, { failureType: "config_error", expected, found });
}
