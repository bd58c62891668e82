import type { Finding } from "../api-client.js";
import type { ManifestModel } from "./manifest-model.js";
import { userInputs } from "./user-inputs.js";

/** Values shorter than this are not looked for (the server's guard does not either). */
const MIN_LENGTH = 4;

/**
 * The problem a Save refused for a secret testing value written in the manifest
 * (`BUILDER_TESTING_VALUE_IN_MANIFEST`), at the line it is on: which secret user input's value it is
 * and how to write it instead (`{{ config['name'] }}`). The server refuses every encoded form too;
 * when the value is not on any line as it is, the problem has no line (the list still says what to do).
 * The value itself is never in the message.
 *
 * @example
 * secretInManifest(ManifestModel.parse("...\n    api_token: sk_live_123\n"), { api_key: "sk_live_123" })
 * // { severity: "error", code: "BUILDER_TESTING_VALUE_IN_MANIFEST", line: 2, message: "The value of the secret input api_key is written here: write {{ config['api_key'] }} instead. Not saved.", ... }
 */
export function secretInManifest(model: ManifestModel, values: Readonly<Record<string, unknown>>): Finding {
  const lines = model.text.split(/\r?\n/);
  for (const input of userInputs(model).filter((i) => i.secret)) {
    const value = values[input.name];
    if ((typeof value !== "string" && typeof value !== "number") || String(value).length < MIN_LENGTH) continue;
    const index = lines.findIndex((line) => line.includes(String(value)));
    if (index >= 0) return refused(`The value of the secret input ${input.name} is written here`, input.name, index + 1);
  }
  return refused("A secret testing value is written in the manifest (encoded, or across lines)", undefined, undefined);
}

function refused(what: string, name: string | undefined, line: number | undefined): Finding {
  const reference = `{{ config['${name ?? "name"}'] }}`;
  return {
    severity: "error",
    code: "BUILDER_TESTING_VALUE_IN_MANIFEST",
    path: "",
    ...(line !== undefined ? { line } : {}),
    message: `${what}: write ${reference} instead, and keep the value in the testing values. Not saved.`,
    expected: reference,
    found: "a secret testing value",
  };
}
