import { codeFrame } from "./code-frame.js";
import { ManifestError } from "../../sdk/index.js";
import { loadYaml } from "../../sdk/plugin/load-yaml.js";
// Types only: the yaml package (and the source map, which imports it) is loaded when a YAML text is parsed.
import type { LineCounter } from "yaml";
import type { SourcePositions } from "./source-positions.js";
import { isJsonObject } from "../../pure/json-object.js";
import { readYamlQuickly } from "./quick-yaml.js";

/**
 * Parses manifest text, YAML or JSON (JSON is YAML). A syntax error names the file, the line and
 * the column. A JSON object is read with `JSON.parse`, which gives what the YAML parser gives for JSON
 * (the last of repeated keys wins in both) without importing the yaml package; text `JSON.parse`
 * refuses goes to the YAML parser, so a JSON syntax error is reported exactly as before, with its line.
 * A YAML text's values are read by {@link readYamlQuickly} when it can (the same values, a fifth of
 * `sluice spec`'s time saved); what it declines, errors included, by the yaml package.
 *
 * @example
 * await parseManifestText("version: 6.0.0\nstreams: []", "manifest.yaml")
 */
export async function parseManifestText(text: string, file?: string): Promise<Record<string, unknown>> {
  return jsonObject(text) ?? (await readYamlQuickly(text)) ?? (await parseYaml(text, file)).manifest;
}

/**
 * The manifest a text holds and the source map of that text ({@link SourcePositions}), from one parse:
 * what a caller needs that reports problems at their lines (`sluice validate` on an editor's unsaved
 * text, the Builder as the author types). Errors as {@link parseManifestText}'s.
 *
 * @example
 * const { manifest, positions } = await parseManifestSource("version: 6.0.0\nstreams: []\n", "manifest.yaml");
 * positions.locate("streams")?.line; // 2
 */
export async function parseManifestSource(text: string, file?: string): Promise<{ manifest: Record<string, unknown>; positions: SourcePositions }> {
  const { SourcePositions } = await import("./source-positions.js");
  const json = jsonObject(text);
  if (json) return { manifest: json, positions: SourcePositions.parse(text) };
  const { LineCounter } = await loadYaml();
  const lines = new LineCounter();
  const { manifest, document } = await parseYaml(text, file, lines);
  return { manifest, positions: SourcePositions.of(document, lines) };
}

/** YAML text as `yaml.parse` reads it (its warnings emitted, its first error thrown), as a manifest error naming the line. */
async function parseYaml(text: string, file: string | undefined, lineCounter?: LineCounter) {
  const { parseDocument } = await loadYaml();
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: false, keepSourceTokens: false, ...(lineCounter ? { lineCounter } : {}) });
  for (const warning of document.warnings) process.emitWarning(warning);
  const error = document.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const position = at ? `:${at.line}:${at.col}` : "";
    // The yaml package's first line ends "at line 6, column 5:"; the frame below says where, with the line itself.
    const reason = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    throw new ManifestError("MANIFEST_PARSE", `The manifest could not be parsed: ${reason}${at ? `\n${codeFrame(text, at.line, at.col).replace(/^/gm, "  ")}` : ""}`, {
      where: { file: file ? `${file}${position}` : undefined },
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 10_000 });
  } catch (cause) {
    // An alias past the count (a billion laughs) or to nothing: said as the parser says it.
    throw new ManifestError("MANIFEST_PARSE", `The manifest could not be parsed: ${cause instanceof Error ? cause.message.split("\n")[0] : String(cause)}`, { where: { file }, cause });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ManifestError("MANIFEST_PARSE", "The manifest must be a mapping at the top level", {
      where: { file },
      expected: "a mapping with version, streams, spec...",
      found: value === null || value === undefined ? "an empty document" : Array.isArray(value) ? "a list" : typeof value,
    });
  }
  return { manifest: value as Record<string, unknown>, document };
}

/** The object a JSON text holds, or undefined when it is not a JSON object (YAML, or JSON with a syntax error). */
function jsonObject(text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
