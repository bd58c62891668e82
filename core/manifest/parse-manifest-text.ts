import { codeFrame } from "./code-frame.js";
import { ManifestError } from "../../sdk/index.js";
import { loadYaml } from "./yaml-package.js";

/**
 * Parses manifest text, YAML or JSON (JSON is YAML). A syntax error names the file, the line and
 * the column. A JSON object is read with `JSON.parse`, which gives what the YAML parser gives for JSON
 * (the last of repeated keys wins in both) without importing the yaml package; text `JSON.parse`
 * refuses goes to the YAML parser, so a JSON syntax error is reported exactly as before, with its line.
 *
 * @example
 * await parseManifestText("version: 6.0.0\nstreams: []", "manifest.yaml")
 */
export async function parseManifestText(text: string, file?: string): Promise<Record<string, unknown>> {
  const json = jsonObject(text);
  if (json) return json;
  const { parse, YAMLParseError } = await loadYaml();
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, uniqueKeys: false, maxAliasCount: 10_000 });
  } catch (error) {
    const at = error instanceof YAMLParseError && error.linePos ? error.linePos[0] : undefined;
    const position = at ? `:${at.line}:${at.col}` : "";
    // The yaml package's first line ends "at line 6, column 5:"; the frame below says where, with the line itself.
    const reason = error instanceof Error ? error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "") : String(error);
    throw new ManifestError("MANIFEST_PARSE", `The manifest could not be parsed: ${reason}${at ? `\n${codeFrame(text, at.line, at.col).replace(/^/gm, "  ")}` : ""}`, {
      where: { file: file ? `${file}${position}` : undefined },
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

/** The object a JSON text holds, or undefined when it is not a JSON object (YAML, or JSON with a syntax error). */
function jsonObject(text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
