import { SluiceError } from "../../sdk/index.js";
import type { Ask } from "./ask.js";
import type { CredentialField } from "./auth-methods.js";

/**
 * The environment variable that gives a credential to `sluice init --probe`: `SLUICE_` and the
 * field's name in capitals.
 *
 * @example
 * credentialVariable({ name: "api_key", ... }) // "SLUICE_API_KEY"
 */
export function credentialVariable(field: CredentialField): string {
  return `SLUICE_${field.name.toUpperCase()}`;
}

/**
 * The values of an authentication method's fields for `sluice init --probe`: each from its
 * environment variable ({@link credentialVariable}), else asked in the terminal (a secret without
 * echo). Without a terminal, the missing ones are an error naming their variables. The values go to
 * `secrets/config.json` only.
 *
 * @example
 * // SLUICE_API_KEY=sk_test_... sluice init stripe --probe https://api.stripe.com/v1/customers --auth bearer
 * await credentialInputs(authScaffold("bearer", url).fields, process.env); // { api_key: "sk_test_..." }
 */
export async function credentialInputs(fields: readonly CredentialField[], env: NodeJS.ProcessEnv, ask?: Ask): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const missing = fields.filter((field) => {
    const value = env[credentialVariable(field)];
    if (value) values[field.name] = value;
    return !value;
  });
  if (missing.length === 0) return values;
  if (!ask) {
    throw new SluiceError("INIT_CREDENTIAL_MISSING", `The probe request needs ${missing.map((f) => f.title.toLowerCase()).join(" and ")}, and no terminal is there to ask`, {
      failureType: "config_error",
      expected: `the environment variable${missing.length === 1 ? "" : "s"} ${missing.map(credentialVariable).join(", ")}, or a terminal to type ${missing.length === 1 ? "it" : "them"} in`,
      found: "neither",
    });
  }
  for (const field of missing) values[field.name] = field.secret ? await ask.secret(`${field.title} (not shown; or set ${credentialVariable(field)})`) : await ask.text(field.title, "");
  return values;
}
