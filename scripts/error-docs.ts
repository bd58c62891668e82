/**
 * Generates docs/errors.md from the typed error catalogue (sdk/errors/error-codes.ts), the one place
 * codes are written. `npm run docs:errors` rewrites the file; test/docs/error-catalogue.test.ts fails
 * when the committed file differs from what this prints.
 *
 * @example
 * npm run docs:errors            # rewrite docs/errors.md
 * node --import tsx scripts/error-docs.ts --check   # exit 1 when docs/errors.md is stale
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_SECTIONS } from "../sdk/errors/error-codes.js";

export const ERRORS_DOC = join(import.meta.dirname, "..", "docs", "errors.md");

/** The text of docs/errors.md for the current catalogue. */
export function renderErrorsDoc(): string {
  const lines = [
    "# Error codes",
    "",
    "Every error Sluice raises carries a stable code. This page is generated from the typed catalogue in",
    "`sdk/errors/codes/` (`npm run docs:errors`); each area lists its codes in its own section:",
    "`| CODE | meaning | what to do | failure type |` (the failure type reported when the raise site does not choose one).",
  ];
  for (const section of ERROR_SECTIONS) {
    lines.push("", `## ${section.title}`, "", "| CODE | meaning | what to do | failure type |", "|---|---|---|---|");
    for (const [code, entry] of Object.entries(section.codes)) lines.push(`| ${code} | ${entry.message} | ${entry.action} | ${entry.failureType} |`);
  }
  return lines.join("\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = renderErrorsDoc();
  if (process.argv.includes("--check")) {
    if (readFileSync(ERRORS_DOC, "utf8") !== text) {
      process.stderr.write("docs/errors.md is stale: run npm run docs:errors\n");
      process.exit(1);
    }
  } else writeFileSync(ERRORS_DOC, text);
}
