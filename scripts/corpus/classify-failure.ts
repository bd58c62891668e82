import { SluiceError } from "../../sdk/index.js";

/** One reason a manifest failed a step, in a form that groups well across manifests. */
export interface FailureReason {
  /** The error code (`MANIFEST_UNKNOWN_TYPE`, `COMPONENT_BUILD`, `CRASH` for a non-Sluice error...). */
  code: string;
  /** What to count by: `incremental_sync: DatetimeBasedCursor`, `MANIFEST_INVALID requester.http_method: ...`. */
  feature: string;
  /** The first line of the original message, for the JSON report. */
  detail: string;
}

/**
 * Turns an error thrown by a corpus step into countable reasons. A validation error lists every
 * problem (`  - <path>: <message>; expected ...; found ...`); each becomes one reason, an unknown type
 * as `<field>: <Type>` (the field is the last named segment of the path, so
 * `streams[3].retriever.requester.error_handler` counts as `error_handler`). Any other error becomes one
 * reason keyed by its code, where it happened and its message with the variable parts (quoted names,
 * numbers) blanked. A non-Sluice error is a crash (`CRASH`) and keeps its class name.
 *
 * @example
 * classifyFailure(validationError).map((r) => r.feature)
 * // ["incremental_sync: DatetimeBasedCursor", "error_handler: DefaultErrorHandler"]
 */
export function classifyFailure(error: unknown): FailureReason[] {
  if (!(error instanceof SluiceError)) {
    const name = error instanceof Error ? error.constructor.name : typeof error;
    const detail = firstLine(error instanceof Error ? error.message : String(error));
    return [{ code: "CRASH", feature: `CRASH ${name}: ${normalize(detail)}`, detail }];
  }
  const problems = validationProblems(error.message);
  if (problems.length > 0) return problems.map((p) => problemReason(p));
  const detail = firstLine(error.message);
  const where = error.where.component ?? fieldOf(error.where.manifestPath ?? "");
  return [{ code: error.code, feature: `${error.code}${where ? ` ${where}` : ""}: ${normalize(detail)}`, detail }];
}

/** The `(path, message)` pairs of a validation error's problem list (empty for other errors). */
export function validationProblems(message: string): Problem[] {
  const problems: Problem[] = [];
  for (const line of message.split("\n")) {
    const match = /^ {2}- (\S+): (.*)$/.exec(line);
    if (!match) continue;
    const found = /; found (.*)$/.exec(match[2]!)?.[1];
    problems.push({ path: match[1]!, message: match[2]!.split(/; (?:expected|found) /)[0]!, found });
  }
  return problems;
}

/** One line of a validation error. */
export interface Problem {
  path: string;
  message: string;
  found?: string;
}

function problemReason({ path, message, found }: Problem): FailureReason {
  const field = fieldOf(path);
  if (message.startsWith("expected a component definition")) {
    const shape = found?.startsWith("[") ? "a list" : found?.startsWith('"') ? "a string" : (found ?? "something else");
    return { code: "NOT_A_COMPONENT", feature: `${field}: ${shape} instead of one component`, detail: `${path}: ${message}; found ${found ?? "?"}` };
  }
  const unknown = /^unknown component type '([^']+)'/.exec(message);
  if (unknown) return { code: "UNSUPPORTED_TYPE", feature: `${field}: ${unknown[1]}`, detail: `${path}: ${message}` };
  const wrongKind = /^a (\S+) cannot be used here/.exec(message);
  if (wrongKind) return { code: "WRONG_KIND", feature: `${field}: ${wrongKind[1]} (not accepted here)`, detail: `${path}: ${message}` };
  if (message.startsWith("the definition has no type")) return { code: "NO_TYPE", feature: `${field}: (no type)`, detail: `${path}: ${message}` };
  if (message.includes("custom code")) return { code: "CUSTOM_CODE_REFUSED", feature: `${field}: custom code refused`, detail: `${path}: ${message}` };
  return { code: "MANIFEST_INVALID", feature: `MANIFEST_INVALID ${field}: ${normalize(message)}`, detail: `${path}: ${message}${found ? `; found ${found}` : ""}` };
}

/**
 * The last named segment of a manifest path, with list indexes and map keys dropped.
 *
 * @example
 * fieldOf("streams[3].retriever.requester.error_handler.backoff_strategies[0]") === "backoff_strategies"
 */
export function fieldOf(path: string): string {
  const names = path.replace(/\[[^\]]*\]/g, "").split(".").filter(Boolean);
  return names.at(-1) ?? (path ? path : "(root)");
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.slice(0, 300);
}

/** Blanks the parts of a message that differ between manifests, so equal causes group together. */
function normalize(text: string): string {
  return text
    .replace(/'[^']*'|"[^"]*"/g, "'…'")
    .replace(/\b\d+\b/g, "N")
    .slice(0, 110);
}
