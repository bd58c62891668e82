import type { CliCommand } from "../command.js";

/** A sub-command as `sluice --help` lists it; its module is loaded only when it runs, so the CLI starts fast. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<CliCommand>;
}

/** Every `sluice` sub-command, in the order `sluice --help` lists them. Each lives in its own file. */
export const commands: readonly CommandEntry[] = [
  { name: "oauth", summary: "Grant OAuth consent in a browser and write the tokens into the config", load: async () => (await import("./oauth.js")).command },
];
