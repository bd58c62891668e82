import type { BuilderApi } from "../builder-api.js";
import type { BuilderFolder } from "../builder-folder.js";
import type { Finding } from "../../validate/finding.js";

/** What validate_manifest and write_manifest answer: `sluice validate`'s findings, with the testing values. */
export interface ValidationReport {
  valid: boolean;
  errors: number;
  warnings: number;
  streams: string[];
  findings: Finding[];
}

/**
 * Validates a manifest text as the Builder does (the testing values checked against its spec too).
 *
 * @example
 * const { valid, findings } = await validationReport(api, folder, text);
 */
export async function validationReport(api: BuilderApi, folder: BuilderFolder, text: string): Promise<ValidationReport> {
  const { findings, streams } = await api.analyze({ text, testingValues: await folder.readTestingValues() });
  const errors = findings.filter((f) => f.severity === "error").length;
  return { valid: errors === 0, errors, warnings: findings.length - errors, streams, findings };
}
