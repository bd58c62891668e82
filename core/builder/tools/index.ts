import type { McpTool } from "./mcp-tool.js";
import { describeComponent } from "./describe-component.js";
import { detectSchema } from "./detect-schema.js";
import { getManifest } from "./get-manifest.js";
import { importOpenApi } from "./import-openapi.js";
import { listStreams } from "./list-streams.js";
import { probeEndpoint } from "./probe-endpoint.js";
import { readDocs } from "./read-docs.js";
import { setTestingValues } from "./set-testing-values.js";
import { testReadStream } from "./test-read-stream.js";
import { validateManifest } from "./validate-manifest.js";
import { writeManifest } from "./write-manifest.js";

/** Every tool of `sluice mcp`, in the order an agent building a connector meets them. */
export const MCP_TOOLS: readonly McpTool[] = [
  getManifest,
  writeManifest,
  validateManifest,
  setTestingValues,
  importOpenApi,
  listStreams,
  testReadStream,
  probeEndpoint,
  detectSchema,
  describeComponent,
  readDocs,
];
