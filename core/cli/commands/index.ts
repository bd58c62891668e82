import type { CliCommand } from "../command.js";

/** A sub-command as `sluice --help` lists it; its module is loaded only when it runs, so the CLI starts fast. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  /** A server whose normal end is Ctrl-C (`sluice builder`): its own exit code stands after a signal, instead of 130/143. */
  readonly servesUntilStopped?: boolean;
  load(): Promise<CliCommand>;
}

/** Every `sluice` sub-command, in the order `sluice --help` lists them. Each lives in its own file. */
export const commands: readonly CommandEntry[] = [
  { name: "init", summary: "Scaffold a connector folder: manifest, spec, secrets/config.json, .gitignore, README", load: async () => (await import("./init.js")).command },
  { name: "spec", summary: "Print the connector's spec (SPEC message)", load: async () => (await import("./spec.js")).command },
  { name: "check", summary: "Check a config against the API (CONNECTION_STATUS message)", load: async () => (await import("./check.js")).command },
  { name: "discover", summary: "List the streams and their schemas (CATALOG message)", load: async () => (await import("./discover.js")).command },
  { name: "read", summary: "Read streams (RECORD, STATE and TRACE messages)", load: async () => (await import("./read.js")).command },
  { name: "sources", summary: "Store named sources with encrypted secrets (add, list, show, update, remove, rotate-key)", load: async () => (await import("./sources.js")).command },
  { name: "validate", summary: "Check a manifest (and a config) without sending a request, listing every problem with its line", load: async () => (await import("./validate.js")).command },
  { name: "test-read", summary: "Read a few pages of a stream, showing every request, response and pagination decision", load: async () => (await import("./test-read.js")).command },
  { name: "test", summary: "Replay recorded test reads (fixtures) with no network and check the records are the same", load: async () => (await import("./test.js")).command },
  { name: "schema", summary: "Print the JSON Schema of a manifest (every registered component) for editors", load: async () => (await import("./schema.js")).command },
  { name: "eval", summary: "Evaluate a template as a manifest field would (prints the typed result as JSON)", load: async () => (await import("./eval.js")).command },
  { name: "image", summary: "Build the Airbyte source image of a connector folder (docker or podman)", load: async () => (await import("./image.js")).command },
  { name: "builder", servesUntilStopped: true, summary: "Edit a connector folder in a local page: forms and YAML on one model, testing values, safe saves", load: async () => (await import("./builder.js")).command },
  { name: "mcp", servesUntilStopped: true, summary: "Serve the connector folder's tools to an AI agent over MCP (stdio): validate, test-read, probe, detect", load: async () => (await import("./mcp.js")).command },
  { name: "oauth", summary: "Grant OAuth consent in a browser and write the tokens into the config", load: async () => (await import("./oauth.js")).command },
];
