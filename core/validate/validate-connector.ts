import { SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import type { ManifestInput } from "../manifest/load-manifest.js";
import { dirname } from "node:path";
import { parseManifestSource } from "../manifest/parse-manifest-text.js";
import { locateFindings, sourcePositionsOf, type SourcePositions } from "../manifest/source-positions.js";
import type { ManifestProblem } from "../manifest/validate-manifest.js";
import type { Sluice } from "../sluice.js";
import type { Finding } from "./finding.js";
import { customClassProblems, structureProblems } from "./structure-findings.js";

export type { Finding } from "./finding.js";

/** What `sluice validate` reports. */
export interface ValidationReport {
  file?: string;
  findings: Finding[];
  /** No error (warnings allowed). */
  ok: boolean;
  /**
   * What the validation parsed and resolved, for a caller that reads more from the same manifest
   * (the Builder's `analyze` takes its field values from it instead of parsing and resolving again).
   * Absent when the manifest did not parse or resolve. Not part of the printed report.
   */
  resolved?: ResolvedManifest;
}

/** The manifest as validated: resolved (`$ref`, `$parameters`, default types) and the source map of its text. */
export interface ResolvedManifest {
  manifest: Record<string, unknown>;
  positions: SourcePositions;
}

/** What is validated: a manifest and, when given, a config. */
interface ValidateInput extends ManifestInput {
  config?: ConnectorConfig;
  configFile?: string;
  /**
   * The manifest's text, when it is not (yet) what the file holds: an editor's unsaved buffer
   * (`sluice builder`). It is parsed instead of reading `path`, which then only names the file, and
   * the findings are placed at its lines.
   */
  text?: string;
  /** How `text` is parsed; default {@link parseManifestSource}. The Builder passes its IncrementalManifestParser's, which reparses only the blocks an edit changed. */
  parseText?: (text: string, file?: string) => Promise<{ manifest: Record<string, unknown>; positions: SourcePositions }>;
}

/**
 * Validates a manifest (and a config, when given) without sending a request, and reports every
 * problem at once: schema errors and warnings (unknown fields with the nearest known name, linked
 * authenticators overridden into local copies, config keys the spec does not declare), what the schema
 * lets through (a stream without a name, `check.stream_names` naming no stream, a `url_base` without a
 * scheme, a custom `class_name` whose file or export does not exist), each placed at its `file:line:column`. With a config,
 * the config is checked against the spec and the connector is built (templates compiled, components
 * constructed), which finds what the schema cannot; nothing is sent.
 *
 * @example
 * const report = await validateConnector(createSluice(), { path: "manifest.yaml" });
 * for (const f of report.findings) console.log(`${f.file}:${f.line}:${f.column} ${f.severity} ${f.path}: ${f.message}`);
 */
export async function validateConnector(sluice: Sluice, input: ValidateInput): Promise<ValidationReport> {
  let inspection;
  let parsed: SourcePositions | undefined;
  try {
    if (input.text === undefined) inspection = await sluice.inspect(input, { maxProblems: 1000 });
    else {
      // An unsaved text is parsed once, for its manifest and for the lines of its findings.
      const { manifest, positions } = await (input.parseText ?? parseManifestSource)(input.text, input.path);
      parsed = positions;
      // Parsed here for this call, so handed over uncopied (the Builder's parser keeps unchanged blocks between texts; nothing changes them).
      inspection = await sluice.inspect({ manifest, owned: true, searchFrom: input.path ? dirname(input.path) : input.searchFrom, trustCustomCode: input.trustCustomCode }, { maxProblems: 1000 });
    }
  } catch (error) {
    // The manifest could not be read, parsed or resolved: nothing below that can be checked.
    return { file: input.path, findings: [fromError(error)], ok: false };
  }
  const { analysis } = inspection;
  const source = input.text === undefined ? inspection.source : { ...inspection.source, file: input.path };
  const positions = parsed ?? (await sourcePositionsOf(source));
  const findings = [
    ...place(positions, source.file, analysis.problems.filter((p) => !p.misspelling), "error", "MANIFEST_INVALID"),
    // A misspelt key (`stream:` for `streams:`) is shown at the key itself.
    ...place(positions, source.file, analysis.problems.filter((p) => p.misspelling).map((p) => ({ ...p, path: p.misspelling! })), "error", "MANIFEST_INVALID", true),
    ...place(positions, source.file, analysis.warnings, "warning", "MANIFEST_UNKNOWN_FIELD"),
  ];
  if (analysis.problems.length === 0) {
    const beyondSchema = [...structureProblems(analysis.manifest), ...(await customClassProblems(sluice, inspection))];
    for (const problem of beyondSchema) findings.push(...place(positions, source.file, [problem], "error", problem.code));
  }
  if (analysis.problems.length === 0 && input.config !== undefined) {
    try {
      const definition = await sluice.definitionOf(inspection, { warn: false });
      await sluice.connect({ definition, config: input.config, configFile: input.configFile });
    } catch (error) {
      for (const finding of splitConfigProblems(fromError(error, source.file))) {
        const at = finding.path && finding.code !== "CONFIG_INVALID" ? positions.locate(finding.path) : undefined;
        findings.push(at ? { ...finding, path: at.sourcePath, line: at.line, column: at.column } : finding);
      }
    }
  }
  return { file: source.file, findings, ok: !findings.some((f) => f.severity === "error"), resolved: { manifest: analysis.manifest, positions } };
}

function place(positions: SourcePositions, file: string | undefined, problems: readonly ManifestProblem[], severity: Finding["severity"], code: string, atKey = severity === "warning"): Finding[] {
  return locateFindings(positions, problems, { key: atKey }).map((p) => {
    const finding: Finding = { severity, code: problemCode(p, code), path: p.position.sourcePath, message: p.message };
    if (file) finding.file = file;
    if (p.position.line !== undefined) Object.assign(finding, { line: p.position.line, column: p.position.column });
    if (p.position.sourcePath !== p.path) finding.usedAt = p.path;
    if (p.expected) finding.expected = p.expected;
    if (p.found) finding.found = p.found;
    return finding;
  });
}

function problemCode(problem: ManifestProblem, fallback: string): string {
  if ("code" in problem && typeof problem.code === "string") return problem.code;
  if (problem.message.startsWith("unknown component type")) return "MANIFEST_UNKNOWN_TYPE";
  if (problem.message.includes("has no field")) return "MANIFEST_UNKNOWN_FIELD";
  if (problem.message.includes("linked definition")) return "MANIFEST_LINKED_OVERRIDE";
  if (problem.message.includes("custom code")) return "CUSTOM_CODE_REFUSED";
  if (problem.message.includes("which the spec does not declare")) return "CONFIG_KEY_UNDECLARED";
  return fallback;
}

/** A thrown error as a finding: its code, its place (a `file:line:col` in `where.file` is split out). */
function fromError(error: unknown, manifestFile?: string): Finding {
  if (!(error instanceof SluiceError)) return { severity: "error", code: "SYSTEM_ERROR", path: "", message: error instanceof Error ? error.message : String(error) };
  const where = error.where ?? {};
  const finding: Finding = { severity: "error", code: error.code, path: where.manifestPath ?? "", message: error.message };
  const place = /^(.*):(\d+):(\d+)$/.exec(where.file ?? "");
  if (place) Object.assign(finding, { file: place[1], line: Number(place[2]), column: Number(place[3]) });
  else if (where.file ?? manifestFile) finding.file = where.file ?? manifestFile;
  if (error.expected) finding.expected = error.expected;
  if (error.found) finding.found = error.found;
  return finding;
}

/** A config that does not match the spec: one finding per field (`config.start_date: must be string...`). */
function splitConfigProblems(finding: Finding): Finding[] {
  if (finding.code !== "CONFIG_INVALID") return [finding];
  const lines = finding.message.split("\n").filter((line) => line.startsWith("  - "));
  return lines.map((line) => {
    const [path, ...rest] = line.slice(4).split(": ");
    return { severity: "error", code: finding.code, file: finding.file, path: path!, message: rest.join(": ") };
  });
}
