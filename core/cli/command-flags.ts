import { parseArgs, type ParseArgsConfig } from "node:util";
import type { CliCommand, CliOption, ParsedArgs } from "./command.js";

/**
 * Parses a command's flags as it declares them, and checks every value against its declaration
 * (`choices`, `number`). Returns the parsed arguments, or the one-line reason they are wrong.
 *
 * @example
 * parseCommandFlags(readCommand, ["--max-pages", "ten"]); // { error: "--max-pages expects a whole number, got \"ten\"" }
 */
export function parseCommandFlags(command: CliCommand, argv: string[]): { args: ParsedArgs } | { error: string } {
  const options: NonNullable<ParseArgsConfig["options"]> = {};
  for (const [name, option] of Object.entries(command.options)) {
    options[name] = { type: option.type, ...(option.short ? { short: option.short } : {}), ...(option.multiple ? { multiple: true } : {}) };
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: command.allowPositionals ?? false, strict: true });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const values = parsed.values as ParsedArgs["values"];
  for (const [name, option] of Object.entries(command.options)) {
    const value = values[name];
    for (const one of Array.isArray(value) ? value : typeof value === "string" ? [value] : []) {
      const problem = checkValue(option, one);
      if (problem) return { error: `--${name} ${problem}, got ${JSON.stringify(one)}` };
    }
  }
  return { args: { values, positionals: parsed.positionals } };
}

function checkValue(option: CliOption, value: string): string | undefined {
  if (option.choices && !option.choices.includes(value)) return `expects one of ${option.choices.join(", ")}`;
  if (option.number) {
    const { integer, min } = option.number;
    const n = value.trim() === "" ? Number.NaN : Number(value);
    const kind = integer ? "a whole number" : "a number";
    const floor = min === undefined ? "" : ` of at least ${min}`;
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || (min !== undefined && n < min)) return `expects ${kind}${floor}`;
  }
  return undefined;
}

/**
 * The `sluice <command> --help` text: the summary, the usage line and every declared flag with its description.
 *
 * @example
 * commandHelp({ name: "read", summary: "Read streams" }, readCommand);
 * // sluice read: Read streams (RECORD, STATE and TRACE messages)
 * //
 * // usage: sluice read --config C [--catalog CAT] ...
 * //
 * // flags:
 * //   -m, --manifest FILE   the manifest (default: search this folder)
 */
export function commandHelp(entry: { name: string; summary: string }, command: CliCommand): string {
  const rows = Object.entries(command.options).map(([name, option]) => {
    const value = option.type === "string" ? ` ${option.value ?? "VALUE"}` : "";
    const flag = `${option.short ? `-${option.short}, ` : "    "}--${name}${value}`;
    const extra = option.choices ? ` (${option.choices.join(" | ")})` : "";
    const repeat = option.multiple ? " (repeatable)" : "";
    return [flag, `${option.description}${extra}${repeat}`] as const;
  });
  const width = Math.max(0, ...rows.map(([flag]) => flag.length));
  return [
    `sluice ${entry.name}: ${entry.summary}`,
    "",
    `usage: ${command.usage}`,
    ...(rows.length ? ["", "flags:", ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`)] : []),
    `  ${"-h, --help".padEnd(width)}  show this help`,
    "",
  ].join("\n");
}
