import { readFile, stat } from "node:fs/promises";
import { ConfigError, nestsDeeperThan } from "../../sdk/index.js";

/**
 * The bounds of a file a command is given (`--state`, `--config`, `--catalog`): a state file nested
 * 200,000 levels deep was accepted and crashed the read later with a bare stack overflow. 64 MiB is
 * far above the largest real state or catalog; 1,000 levels is where Python's JSON reading stops.
 */
const INPUT_FILE_LIMITS = { maxBytes: 64 * 2 ** 20, maxDepth: 1_000 } as const;

/** What the file is, for errors: `state`, `config`, `catalog`. */
type InputFileKind = "state" | "config" | "catalog";

/**
 * The text of an input file, refused with `INPUT_FILE_TOO_LARGE` (naming the file) before it is read
 * when it is larger than the limit. Errors reading it are the caller's (`readFile`'s own).
 *
 * @example
 * const text = await readBoundedText("state.json", "state");
 */
export async function readBoundedText(file: string, kind: InputFileKind, maxBytes: number = INPUT_FILE_LIMITS.maxBytes): Promise<string> {
  const info = await stat(file);
  if (info.isFile() && info.size > maxBytes) throw tooLarge(file, kind, `at most ${maxBytes} bytes`, `${info.size} bytes`);
  const text = await readFile(file, "utf8");
  if (text.length > maxBytes) throw tooLarge(file, kind, `at most ${maxBytes} bytes`, `more than ${maxBytes} bytes`); // a pipe or device has no size up front
  return text;
}

/**
 * Refuses a parsed input file that nests deeper than the limit (`INPUT_FILE_TOO_LARGE`, naming the file).
 *
 * @example
 * checkInputDepth(JSON.parse(text), "state.json", "state");
 */
export function checkInputDepth(value: unknown, file: string, kind: InputFileKind, maxDepth: number = INPUT_FILE_LIMITS.maxDepth): void {
  if (nestsDeeperThan(value, maxDepth)) throw tooLarge(file, kind, `objects and lists nested at most ${maxDepth} levels deep`, "a deeper value");
}

function tooLarge(file: string, kind: InputFileKind, expected: string, found: string): ConfigError {
  return new ConfigError("INPUT_FILE_TOO_LARGE", `The ${kind} file ${file} is too large or too deep to read`, { where: { file }, expected, found });
}
