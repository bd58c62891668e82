import { isAbsolute, relative, resolve } from "node:path";
import { styleText } from "node:util";
import type { CliCommand } from "../command.js";
import { CliSession, CONNECTOR_OPTIONS, readConfig } from "../cli-session.js";
import { validateConnector, type Finding, type ValidationReport } from "../../validate/validate-connector.js";

/**
 * `sluice validate`: checks a manifest (and a config, with `--config`) without sending a request, and
 * lists every problem at once, each at its `file:line:column` with its manifest path, what was
 * expected and what was found; unknown fields and overridden linked authenticators are warnings.
 * Exit code 1 when there is an error, 0 otherwise. `--json` prints the report as one document.
 *
 * @example
 * sluice validate --manifest manifest.yaml
 * # manifest.yaml:14:11 warning streams[0].retriever.paginator.pagination_strategy.stop_conditon
 * #   CursorPagination has no field 'stop_conditon' (did you mean 'stop_condition'?); it is ignored
 */
export const command: CliCommand = {
  usage: "sluice validate [--manifest M] [--config C] [--json]",
  // Only what validate uses: it sends no request, so the HTTP limits and the transport are not its flags.
  options: {
    manifest: CONNECTOR_OPTIONS.manifest,
    config: { ...CONNECTOR_OPTIONS.config, description: "the config JSON file to check against the spec and build the connector with (nothing is sent or written)" },
    "no-custom-code": CONNECTOR_OPTIONS["no-custom-code"],
    json: { type: "boolean", description: "print the problems as JSON" },
  },
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const manifest = args.values.manifest as string | undefined;
      const configFile = typeof args.values.config === "string" ? resolveFrom(io.cwd, args.values.config) : undefined;
      const config = configFile ? await readConfig(configFile) : undefined;
      const report = await validateConnector(session.sluice, { ...(manifest ? { path: resolve(io.cwd, manifest) } : { searchFrom: io.cwd }), config, configFile });
      if (args.values.json) io.stdout.write(`${session.redact(JSON.stringify({ file: report.file, findings: report.findings, ok: report.ok }, null, 2))}\n`);
      else io.stdout.write(session.redact(formatReport(report, { cwd: io.cwd, color: io.env.NO_COLOR ? false : io.interactive || Boolean(io.env.FORCE_COLOR && io.env.FORCE_COLOR !== "0") })));
      return report.ok ? 0 : 1;
    } catch (error) {
      return session.fail(error);
    }
  },
};

/** The human report, files shown relative to the current folder (as editors and terminals link them). */
function formatReport(report: ValidationReport, { cwd, color }: { cwd: string; color: boolean }): string {
  const shown = (file: string | undefined) => (file === undefined ? "(manifest)" : relative(cwd, file).startsWith("..") ? file : relative(cwd, file));
  const paint = (style: Parameters<typeof styleText>[0], text: string) => (color ? styleText(style, text, { validateStream: false }) : text);
  const lines: string[] = [];
  const ordered = [...report.findings].sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "") || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  for (const f of ordered) {
    const place = `${shown(f.file)}${f.line !== undefined ? `:${f.line}:${f.column}` : ""}`;
    lines.push(`${paint("bold", place)} ${paint(f.severity === "error" ? "red" : "yellow", f.severity)} ${f.path || "(root)"} ${paint("dim", `[${f.code}]`)}`);
    for (const line of f.message.split("\n")) lines.push(`  ${line}`);
    if (f.usedAt) lines.push(paint("dim", `  used at ${f.usedAt}`));
    if (f.expected) lines.push(`  expected: ${f.expected}`);
    if (f.found) lines.push(`  found:    ${f.found}`);
  }
  const errors = report.findings.filter((f: Finding) => f.severity === "error").length;
  const warnings = report.findings.length - errors;
  const summary = `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}${report.file ? ` in ${shown(report.file)}` : ""}`;
  lines.push(errors ? paint("red", summary) : paint("green", errors + warnings === 0 ? `valid: ${summary}` : summary));
  return `${lines.join("\n")}\n`;
}

function resolveFrom(cwd: string, file: string): string {
  return isAbsolute(file) ? file : resolve(cwd, file);
}
