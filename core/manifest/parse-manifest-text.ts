import { parse, YAMLParseError } from "yaml";
import { ManifestError } from "../../sdk/index.js";

/**
 * Parses manifest text, YAML or JSON (JSON is YAML). A syntax error names the file, the line and
 * the column.
 *
 * @example
 * parseManifestText("version: 6.0.0\nstreams: []", "manifest.yaml")
 */
export function parseManifestText(text: string, file?: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, uniqueKeys: false, maxAliasCount: 10_000 });
  } catch (error) {
    const position = error instanceof YAMLParseError && error.linePos ? `:${error.linePos[0].line}:${error.linePos[0].col}` : "";
    throw new ManifestError("MANIFEST_PARSE", `The manifest could not be parsed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, {
      where: { file: file ? `${file}${position}` : undefined },
      expected: "YAML or JSON",
      cause: error,
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ManifestError("MANIFEST_PARSE", "The manifest must be a mapping at the top level", {
      where: { file },
      expected: "a mapping with version, streams, spec...",
      found: value === null || value === undefined ? "an empty document" : Array.isArray(value) ? "a list" : typeof value,
    });
  }
  return value as Record<string, unknown>;
}
