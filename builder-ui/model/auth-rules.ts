import { methodOf } from "./auth-methods.js";
import { configReferencePath } from "./auth-forms.js";
import { valueAt } from "./testing-value-fields.js";
import { isIsoDurationText } from "../../pure/iso-duration-pattern.js";

/**
 * The product's authentication rules, as the Builder's own warnings while the author types. They are
 * warnings, not errors: a manifest written elsewhere may break them and still opens and runs. Each names
 * the field it belongs to (`key`, the field's key under the authenticator joined by "."; "method" for
 * the selector) so the form shows it there.
 *
 * @example
 * authWarnings([{ type: "SessionTokenAuthenticator", expiration_duration: "1h", ... }], ["users"], {})
 * // [{ key: "expiration_duration", message: "Expiration Duration must be an ISO 8601 duration (e.g. PT1H, P1D), found \"1h\"" }]
 */
export interface AuthWarning {
  key: string;
  message: string;
  /** The user input (a testing value) the warning is about, when it names one: the Testing values page shows it there too. */
  input?: string;
}

/** Whether a text is an ISO 8601 duration (PT1H, P1D, PT30M, P1DT12H). A template is left to the engine. */
export function isIsoDuration(text: string): boolean {
  return isIsoDurationText(text) || text.includes("{{");
}

/** The warnings for the streams' resolved authenticators (one per stream, in order) and the testing values. */
export function authWarnings(authenticators: readonly unknown[], streams: readonly string[], testingValues: Readonly<Record<string, unknown>>): AuthWarning[] {
  const warnings: AuthWarning[] = [];
  const distinct = new Set(authenticators.map((a) => JSON.stringify(a ?? null)));
  if (distinct.size > 1) {
    const named = authenticators.map((a, i) => `${streams[i] ?? `stream ${i + 1}`}: ${methodOf(a)?.name ?? String((a as { type?: unknown })?.type)}`);
    warnings.push({ key: "method", message: `The streams do not share one authenticator (${named.join("; ")}). The Builder offers one method for all streams; this form shows and edits the first stream's.` });
  }
  const auth = authenticators[0] as Record<string, unknown> | undefined;
  if (!auth || typeof auth !== "object") return warnings;
  if (auth.type === "OAuthAuthenticator" && auth.refresh_token_updater !== undefined) {
    for (const [key, label] of [["access_token_value", "an initial access token (Access Token Value)"], ["token_expiry_date", "its expiry (Token Expiry Date)"]] as const) {
      // A nested input (`config['credentials']['access_token']`, as most OAuth specs have it) counts as much as a top-level one.
      const path = configReferencePath(auth[key]);
      if (!path) {
        warnings.push({ key, message: `The Refresh Token Updater needs ${label} among the testing values: make it a user input ({{ config['...'] }}).` });
        continue;
      }
      const value = valueAt(testingValues, path);
      const name = path.join(".");
      if (value === undefined || value === "") warnings.push({ key, input: name, message: `The Refresh Token Updater needs ${label} among the testing values: give ${name} a testing value.` });
    }
  }
  if (auth.type === "SessionTokenAuthenticator") {
    const login = (auth.login_requester as { authenticator?: { type?: unknown } } | undefined)?.authenticator;
    if (login && (login.type === "OAuthAuthenticator" || login.type === "SessionTokenAuthenticator")) {
      warnings.push({ key: "login_requester.authenticator", message: `A session login's authentication may not be ${methodOf(login)?.name}: use No auth (credentials in the body), Basic HTTP, Bearer Token, API Key or JWT.` });
    }
    const duration = auth.expiration_duration;
    if (duration !== undefined && !(typeof duration === "string" && isIsoDuration(duration))) {
      warnings.push({ key: "expiration_duration", message: `Expiration Duration must be an ISO 8601 duration (e.g. PT1H, P1D), found ${JSON.stringify(duration)}.` });
    }
  }
  return warnings;
}
