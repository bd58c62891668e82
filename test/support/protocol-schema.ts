/**
 * Validates Airbyte protocol messages against the protocol's own JSON Schema (v1 and the current v0,
 * vendored in test/data/airbyte-protocol), plus the pairing the schema leaves implicit: a message of
 * type RECORD carries `record`, a TRACE of type ESTIMATE carries `estimate`, and so on.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { parse } from "yaml";

const DATA = join(import.meta.dirname, "..", "data", "airbyte-protocol");
const PAYLOAD: Record<string, string> = {
  RECORD: "record",
  STATE: "state",
  LOG: "log",
  SPEC: "spec",
  CONNECTION_STATUS: "connectionStatus",
  CATALOG: "catalog",
  TRACE: "trace",
  CONTROL: "control",
};
const TRACE_PAYLOAD: Record<string, string> = { ERROR: "error", ESTIMATE: "estimate", STREAM_STATUS: "stream_status", ANALYTICS: "analytics" };

let validators: Array<{ version: string; validate: ValidateFunction }> | undefined;

function load(): Array<{ version: string; validate: ValidateFunction }> {
  return (validators ??= ["v1", "v0"].map((version) => {
    const schema = parse(readFileSync(join(DATA, `airbyte_protocol.${version}.yaml`), "utf8")) as Record<string, unknown>;
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    ajv.addSchema(schema, "protocol");
    return { version, validate: ajv.compile({ $ref: "protocol#/definitions/AirbyteMessage" }) };
  }));
}

/** The problems of one message (empty when it is valid). */
export function protocolProblems(message: unknown): string[] {
  const problems: string[] = [];
  for (const { version, validate } of load()) {
    if (!validate(message)) problems.push(...(validate.errors ?? []).map((e) => `${version}: ${e.instancePath || "/"} ${e.message}`));
  }
  const m = message as Record<string, any>;
  const payload = PAYLOAD[m?.type];
  if (payload && (typeof m[payload] !== "object" || m[payload] === null)) problems.push(`a ${m.type} message without its "${payload}" object`);
  if (m?.type === "TRACE") {
    const field = TRACE_PAYLOAD[m.trace?.type];
    if (field && typeof m.trace[field] !== "object") problems.push(`a ${m.trace.type} trace without its "${field}" object`);
  }
  return problems;
}

/**
 * Checks every line of a protocol command's stdout: each one a JSON object that is a valid Airbyte
 * message. Throws with the offending line and the schema's complaints.
 *
 * @example
 * const messages = assertProtocolOutput(run.stdout);
 */
export function assertProtocolOutput(stdout: string): Array<Record<string, any>> {
  const messages: Array<Record<string, any>> = [];
  for (const [i, line] of stdout.split("\n").entries()) {
    if (line.trim() === "") continue;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      throw new Error(`stdout line ${i + 1} is not JSON: ${line.slice(0, 200)}`);
    }
    const problems = protocolProblems(message);
    if (problems.length) throw new Error(`stdout line ${i + 1} is not a valid Airbyte message: ${problems.join("; ")}\n${line.slice(0, 300)}`);
    messages.push(message as Record<string, any>);
  }
  return messages;
}
