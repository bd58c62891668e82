import { parseJson } from "../../python/exact-json.js";
import { ConfigError, SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { checkInputDepth } from "./bounded-input-file.js";

/**
 * Parses config text as a JSON object, as the kit's `json.load` reads it (an integer past 2^53 keeps its
 * digits); an error names the line and column of bad JSON, never the text (it may hold a credential).
 * For `--config`, `sources add` from stdin and the Builder's testing values.
 *
 * @example
 * parseConfigText('{"api_key": "k"}', "config.json"); // { api_key: "k" }
 */
export function parseConfigText(text: string, file: string): ConnectorConfig {
  let value: unknown;
  try {
    value = parseJson(text, { file }); // an integer past 2^53 keeps its digits, as the kit's json.load keeps them
  } catch (error) {
    if (error instanceof SluiceError) throw error; // a number beyond float range, the file and field named
    // JSON.parse messages quote the text around the error, which may be a credential: only the place is shown.
    const position = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? NaN);
    const before = Number.isNaN(position) ? undefined : text.slice(0, position).split("\n");
    const place = before ? { line: before.length, column: before.at(-1)!.length + 1 } : undefined;
    throw new ConfigError("CONFIG_PARSE", `The config file is not valid JSON${place ? ` (line ${place.line}, column ${place.column})` : ""}`, {
      where: { file: place ? `${file}:${place.line}:${place.column}` : file },
      expected: "a JSON object",
      found: place ? `a syntax error at line ${place.line}, column ${place.column} (a missing comma or quote?)` : "invalid JSON",
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError("CONFIG_PARSE", "The config file is not a JSON object", { where: { file }, expected: "a JSON object", found: Array.isArray(value) ? "a list" : value === null ? "null" : typeof value });
  }
  checkInputDepth(value, file, "config");
  return value as ConnectorConfig;
}
