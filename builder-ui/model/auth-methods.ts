import { refreshTokenUpdater, UPDATER_FIELDS as UPDATER_OVERLAY } from "../forms/auth/oauth.js";
import type { FormDeclaration, UserInput } from "../forms/form-declaration.js";
import { formOf, formsIn } from "../forms/form-registry.js";
import { resolveField, resolveFields, type ResolvedField } from "../forms/resolve-fields.js";

export { AUTH_VARIABLES } from "../forms/auth/auth-variables.js";
export { refreshTokenUpdater };
export type { UserInput };

/**
 * The product's authentication methods (`../shared/reference/builder-forms.md`), read from the forms'
 * registry (builder-ui/forms/form-registry.ts: each method's declaration is its component's schema
 * plus a UI overlay, one file in builder-ui/forms/auth/). A credential is never written into the
 * connector: choosing a method writes `{{ config['<input>'] }}` and adds the input to the spec (secret
 * where marked); its value is a testing value.
 *
 * @example
 * AUTH_METHODS.map((m) => m.name) // ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "OAuth 2", "Session Token", "Selective Authenticator", "Custom"]
 * methodNamed("Bearer Token").template("acme") // { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" }
 */
export interface AuthMethod {
  /** The product's name (the selector's option). */
  name: string;
  /** The component type written (Custom: any `Custom*`). */
  type: string;
  /** Its fields, each completed from the component's schema (read when drawn: the schemas come with the session). */
  readonly fields: readonly AuthField[];
  /** The component a fresh choice of this method writes. */
  template(connectorName: string): Record<string, unknown>;
  /** A line under the selector. */
  note?: string;
}

/** One field of a method's form (builder-ui/forms/form-declaration.ts's overlay, completed from the schema). */
export type AuthField = ResolvedField;

function methodOfForm(form: FormDeclaration): AuthMethod {
  return {
    name: form.label,
    type: form.type,
    get fields() {
      return resolveFields(form);
    },
    template: (connector) => form.template?.(connector) ?? { type: form.type },
    note: form.note,
  };
}

export const AUTH_METHODS: readonly AuthMethod[] = formsIn("authentication").map(methodOfForm);

/** The fields the Refresh Token Updater adds (the updater's writes land in these inputs). */
export const UPDATER_FIELDS: readonly AuthField[] = UPDATER_OVERLAY.map((field) => resolveField("OAuthAuthenticator", field));

/** The methods a session login's own authentication may use (not OAuth 2, not Session Token). */
export const LOGIN_METHODS: readonly AuthMethod[] = AUTH_METHODS.filter((m) => m.name !== "OAuth 2" && m.name !== "Session Token");

/** The method of a product name (undefined for a name the registry does not hold). */
export function methodNamed(name: string): AuthMethod {
  const method = AUTH_METHODS.find((m) => m.name === name);
  if (!method) throw new RangeError(`No authentication method named ${JSON.stringify(name)} (the forms' registry has ${AUTH_METHODS.map((m) => m.name).join(", ")})`);
  return method;
}

/** The method of a written or resolved authenticator (absent: No auth; a `Custom*` type: Custom; a type the forms do not know: undefined). */
export function methodOf(authenticator: unknown): AuthMethod | undefined {
  if (authenticator === undefined || authenticator === null) return AUTH_METHODS[0];
  const type = typeof authenticator === "object" ? String((authenticator as { type?: unknown }).type ?? "") : "";
  const form = formOf(type, "authentication");
  return form && AUTH_METHODS.find((m) => m.type === form.type);
}
