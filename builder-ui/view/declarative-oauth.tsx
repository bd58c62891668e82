import { useEffect, useState } from "preact/hooks";
import { api } from "../api-client.js";
import { declarativeFields, hasDeclarativeOAuth, INPUT_SPEC, setDeclarativeOAuth } from "../model/declarative-oauth.js";
import { segmentsPath } from "../model/linked-authenticators.js";
import { AuthFieldControl, type AuthContext } from "./auth-field.js";

/**
 * OAuth 2's "Declarative OAuth Connector Specification": the toggle, the consent's fields, and
 * Authorize, which runs the consent from the page (the server's loopback flow; the provider's page
 * opens in a new window) and shows the testing values the tokens were written to.
 */
export function DeclarativeOAuth(props: AuthContext) {
  const { model, onModel, findings } = props;
  const on = hasDeclarativeOAuth(model);
  const [consent, setConsent] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(async () => {
      const status = await api.consentStatus().catch(() => undefined);
      if (!status || status.state === "waiting") return;
      setWaiting(false);
      if (status.state === "done") {
        setConsent(`Consent granted: the tokens were written to the testing values (${(status.written ?? []).join(", ")}).`);
        props.onSavedValues((await api.session()).testingValues);
      } else setConsent(`Consent failed: [${status.code}] ${status.message}`);
    }, 500);
    return () => clearInterval(timer);
  }, [waiting]);

  const authorize = async () => {
    setConsent("Waiting for the consent in the provider's page…");
    try {
      await props.onSaveValues();
      const { url } = await api.startConsent(model.text);
      window.open(url, "_blank", "noopener");
      setWaiting(true);
    } catch (error) {
      setConsent(`Consent could not start: ${(error as Error).message}`);
    }
  };

  return (
    <fieldset class="declarative-oauth">
      <legend>Declarative OAuth</legend>
      <div class="field">
        <label class="check">
          <input type="checkbox" checked={on} onChange={(e) => onModel((m) => setDeclarativeOAuth(m, e.currentTarget.checked))} /> Declarative OAuth Connector Specification
        </label>
        <p class="note">Recommended: the consent (spec.advanced_auth) that gives the refresh token, run by the platform, by sluice oauth, and here by Authorize.</p>
      </div>
      {on &&
        declarativeFields().map((field) => {
          const at = segmentsPath([...INPUT_SPEC, ...field.key]);
          return <AuthFieldControl {...props} field={field} place={INPUT_SPEC} resolved={undefined} idPrefix="oauth-consent-" problems={findings.filter((f) => f.code !== "CONFIG_INVALID" && f.path === at)} />;
        })}
      {on && (
        <div class="field">
          <button type="button" class="secondary" disabled={waiting} onClick={authorize}>
            Authorize
          </button>
          <p class="note" role="status">
            {consent ?? "Runs the consent with the testing values' Client ID and Client Secret; the tokens land in the testing values."}
          </p>
        </div>
      )}
    </fieldset>
  );
}
