import type { Static, TSchema } from "../../../sdk/index.js";
import type { BuilderApi } from "../builder-api.js";
import type { BuilderFolder } from "../builder-folder.js";
import type { Sluice } from "../../sluice.js";

/**
 * What a tool of `sluice mcp` works with: the connector folder, the Builder's service layer over it (the
 * same calls the page makes: validate, save, test read, detect), the running Sluice, and the call's
 * signal (aborted when the client cancels or the call's time bound passes).
 */
export interface McpToolContext {
  api: BuilderApi;
  folder: BuilderFolder;
  sluice: Sluice;
  signal: AbortSignal;
}

/**
 * One tool of the MCP server: a thin door onto the service layer. Its input is declared with TypeBox,
 * so the JSON Schema the client sees and the type `run` receives are one declaration; its answer is
 * JSON (the shapes `--json` prints), redacted and bounded by the server.
 *
 * @example
 * export const listStreams = defineMcpTool({
 *   name: "list_streams",
 *   description: "Lists the manifest's streams.",
 *   input: Type.Object({}),
 *   async run(_input, { api }) { return { streams: (await api.analyze({ text: (await api.readManifest()).text })).streams }; },
 * });
 */
export interface McpTool<S extends TSchema = TSchema> {
  readonly name: string;
  /** What the tool does and when to use it, written for an agent that has only this text. */
  readonly description: string;
  readonly input: S;
  run(input: Static<S>, context: McpToolContext): Promise<unknown>;
}

/** Declares a tool (typed input from its schema). */
export function defineMcpTool<S extends TSchema>(tool: McpTool<S>): McpTool<S> {
  return tool;
}
