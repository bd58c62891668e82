import { SluiceError, type Interpolator } from "../../sdk/index.js";
import { createInterpolator } from "../../templates/index.js";
import { joinPath } from "../../pure/manifest-path.js";
import type { SourcePositions } from "../manifest/source-positions.js";
import type { Finding } from "../validate/validate-connector.js";
import { fieldOrigin } from "../manifest/field-origin.js";

/** The engine's template compiler, as a connector's build makes it (compiling reads no clock). */
let compiler: Interpolator | undefined;

/** Keys whose values are names, not templates. */
const NOT_TEMPLATES = new Set(["type", "name", "class_name", "$ref", "primary_key", "$parameters"]);

/** Every name any manifest template may read: only the syntax is checked here (the build checks the names a field may use). */
const ANY_NAME = ["config", "parameters", "headers", "response", "last_page_size", "last_record", "last_records", "next_page_token", "stream_slice", "stream_partition", "stream_interval", "stream_state", "record", "stream_name", "creation_response", "polling_response", "download_target"];

/**
 * The template syntax errors in the values of the fields the page shows, found with the engine's own
 * template compiler (`createInterpolator`, what a connector's build compiles with), each placed where the value is
 * written. The validator finds them only when it builds the connector, which it does only with testing
 * values that pass the spec, and stops at the first; the page checks every template field as the
 * author types, testing values or not. A finding the validator made already is not repeated.
 *
 * @example
 * templateSyntaxFindings({ "streams[0].retriever.requester.request_parameters": { status: "{{ config['s' }}" } }, positions, [])
 * // [{ severity: "error", code: "TEMPLATE_SYNTAX", path: "streams[0].retriever.requester.request_parameters.status", line: 14, ... }]
 */
export function templateSyntaxFindings(values: Record<string, unknown>, positions: SourcePositions, known: readonly Finding[]): Finding[] {
  const interpolator = (compiler ??= createInterpolator());
  const out: Finding[] = [];
  const seen = new Set(known.flatMap((f) => [`${f.code} ${f.path}`, `${f.code} ${f.usedAt}`]));
  const visit = (path: string, value: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof value === "string") {
      if (!value.includes("{{") && !value.includes("{%")) return;
      try {
        interpolator.compile(value, { path, names: ANY_NAME });
      } catch (error) {
        if (!(error instanceof SluiceError) || error.code !== "TEMPLATE_SYNTAX") return;
        const origin = fieldOrigin(positions, path);
        if (seen.has(`TEMPLATE_SYNTAX ${path}`) || seen.has(`TEMPLATE_SYNTAX ${origin.sourcePath}`)) return;
        seen.add(`TEMPLATE_SYNTAX ${path}`).add(`TEMPLATE_SYNTAX ${origin.sourcePath}`);
        const finding: Finding = { severity: "error", code: "TEMPLATE_SYNTAX", path: origin.sourcePath, message: error.message };
        if (origin.sourcePath !== path) finding.usedAt = path;
        if (origin.line !== undefined) Object.assign(finding, { line: origin.line, column: origin.column });
        out.push(finding);
      }
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(joinPath(path, i), item, depth + 1));
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) if (!NOT_TEMPLATES.has(key)) visit(joinPath(path, key), item, depth + 1);
    }
  };
  for (const [path, value] of Object.entries(values)) {
    const key = /\.([^.[\]]+)$/.exec(path)?.[1];
    if (!key || !NOT_TEMPLATES.has(key)) visit(path, value, 0);
  }
  return out;
}
