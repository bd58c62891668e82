import { Ajv, type ValidateFunction } from "ajv";
import { Secrets, SluiceError } from "../../../sdk/index.js";
import { secretFieldNames, secretValues } from "../../config/validate-config.js";
import { parseManifestText } from "../../manifest/parse-manifest-text.js";
import type { ToolAnswer, ToolListing } from "../builder-api-types.js";
import type { McpTool, McpToolContext } from "./mcp-tool.js";

export type { ToolAnswer, ToolListing } from "../builder-api-types.js";
import { MCP_TOOLS } from "./index.js";

/** How far one tool call may go: its time, and the characters of its answer. */
export interface ToolLimits {
  /** Milliseconds a call may run before it is aborted (default 120 s). */
  callMs: number;
  /** Characters of an answer; a longer one is cut, saying so (default 400,000). */
  answerChars: number;
}

const DEFAULT_LIMITS: ToolLimits = { callMs: 120_000, answerChars: 400_000 };


/** The tools of one connector folder, listed and called the same way by `sluice mcp` and the Builder's page. */
export interface ToolRunner {
  list(): ToolListing[];
  call(name: string, input: unknown, signal?: AbortSignal): Promise<ToolAnswer>;
}

/**
 * Runs the tools of core/mcp/tools/ over the Builder's service layer: each call's input checked against
 * the tool's schema, run under a time bound (and the caller's signal), its answer JSON with every known
 * secret (the secret testing values, tokens met during reads) masked and cut at `answerChars`. A failing
 * call answers `isError` with the error's description (what was expected, what was found, where).
 *
 * @example
 * const tools = createToolRunner({ api, folder, sluice });
 * await tools.call("list_streams", {}); // { text: '{ "streams": [...] }', isError: false }
 */
export function createToolRunner(context: Omit<McpToolContext, "signal">, options: { tools?: readonly McpTool[]; limits?: Partial<ToolLimits> } = {}): ToolRunner {
  const tools = options.tools ?? MCP_TOOLS;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const ajv = new Ajv({ allErrors: true, strict: false });
  const checks = new Map<string, ValidateFunction>(tools.map((tool) => [tool.name, ajv.compile(tool.input)]));
  return {
    list: () => tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: JSON.parse(JSON.stringify(tool.input)) as Record<string, unknown> })),
    async call(name, input = {}, signal) {
      const secrets = context.sluice.services.get(Secrets);
      try {
        const tool = tools.find((t) => t.name === name);
        if (!tool) throw invalidInput(`No tool '${name}'`, tools.map((t) => t.name).join(", "), name);
        const check = checks.get(tool.name)!;
        if (!check(input)) throw invalidInput(`${tool.name}: the input does not match the tool's schema`, "the input schema the tool lists", ajv.errorsText(check.errors));
        await registerTestingSecrets(context, secrets);
        const bound = AbortSignal.timeout(limits.callMs);
        const answer = await tool.run(input as never, { ...context, signal: signal ? AbortSignal.any([signal, bound]) : bound });
        return { text: bounded(secrets.redact(JSON.stringify(answer ?? null, null, 2)), limits.answerChars), isError: false };
      } catch (error) {
        const text = error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error);
        return { text: bounded(secrets.redact(text), limits.answerChars), isError: true };
      }
    },
  };
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
