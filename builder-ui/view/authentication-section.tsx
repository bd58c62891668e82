import { stringify } from "yaml";
import type { Analysis } from "../api-client.js";
import { chooseMethod, setRefreshTokenUpdater, valueIn } from "../model/auth-forms.js";
import { AUTH_METHODS, LOGIN_METHODS, methodOf, UPDATER_FIELDS, type AuthField, type AuthMethod } from "../model/auth-methods.js";
import { authWarnings, type AuthWarning } from "../model/auth-rules.js";
import type { Segment } from "../model/manifest-model.js";
import { userInputs } from "../model/user-inputs.js";
import { segmentsPath, writtenPlace } from "../model/linked-authenticators.js";
import { AuthFieldControl, type AuthContext } from "./auth-field.js";
import { DeclarativeOAuth } from "./declarative-oauth.js";
import { FoldingFieldset } from "./folding-fieldset.js";
import { DECLARATIVE_OAUTH_SHOWN } from "../forms/auth/oauth.js";
import { hasDeclarativeOAuth, setDeclarativeOAuth } from "../model/declarative-oauth.js";
import { withHeaderComment } from "../model/header-comments.js";
import { LinkedAuthenticators } from "./linked-authenticators.js";
import { ProblemLines, type Problem } from "./problem-lines.js";

/** The resolved path of a stream's authenticator (asked of the server with the form's other fields). */
export const AUTHENTICATOR_PATH = "streams[*].retriever.requester.authenticator";

interface AuthenticationSectionProps extends AuthContext {
  analysis: Analysis;
  /** The connector's name, for a Custom class's `source_<name>`. */
  connectorName: string;
}

/**
 * The Global Configuration's Authentication section: the "Authentication Method" selector with the
 * product's methods in the product's order, the chosen method's fields, the Builder's own rules as
 * warnings next to their fields, and the places sharing an authenticator with their link toggles.
 * One method serves every stream: a choice is written wherever the streams' authenticators are written.
 */
export function AuthenticationSection(props: AuthenticationSectionProps) {
  const { analysis, model, values, connectorName, onModel } = props;
  const views = analysis.streams.map((_, i) => analysis.fields[AUTHENTICATOR_PATH.replace("streams[*]", `streams[${i}]`)]);
  const first = views[0];
  if (!first) {
    return (
      <fieldset>
        <legend>Authentication</legend>
        <p class="note">Not available while the manifest has no stream that resolves (see the problems in the YAML).</p>
      </fieldset>
    );
  }
  // Each stream's authenticator where it is written (a reference followed to its definition).
  const written = views.map((v) => (v ? writtenPlace(model, v.origin.segments) : undefined));
  const places: Segment[][] = [];
  for (const at of written) if (at && !places.some((p) => segmentsPath(p) === segmentsPath(at))) places.push(at);
  const place = written[0]!;
  const component = typeOrResolved(model.valueAt(place), first.value);
  const method = methodOf(component);
  // The rule compares what is written: resolved values differ by each stream's $parameters.
  const warnings = authWarnings(views.map((v, i) => (written[i] && model.kindAt(written[i]!) !== "absent" ? model.valueAt(written[i]!) : v?.value)), analysis.streams, values);
  const shared = analysis.streams.filter((_, i) => written[i] && segmentsPath(written[i]!) === segmentsPath(place));
  const line = model.lineOf(place);
  // A choice drops the inputs only the old method read, and their testing values with them.
  const choose = (chosen: AuthMethod) => {
    // OAuth 2 starts declarative, as the product recommends (the legacy variant is the toggle turned off); leaving it drops the consent.
    const chosenModel = chooseMethod(model, places, chosen, connectorName);
    const oauth = chosen.name === "OAuth 2";
    const consent = oauth !== (method?.name === "OAuth 2") ? setDeclarativeOAuth(chosenModel, oauth) : chosenModel;
    const next = withHeaderComment(consent, "Authentication", chosen.name);
    const kept = new Set(userInputs(next).map((i) => i.name));
    const dropped = userInputs(model).filter((i) => !kept.has(i.name) && i.name in values);
    onModel(() => next);
    if (dropped.length) props.onValues(Object.fromEntries(Object.entries(values).filter(([name]) => !dropped.some((i) => i.name === name))));
  };
  return (
    <FoldingFieldset class="authentication" title="Authentication">
      <div class="field">
        <label for="auth-method">Authentication Method</label>
        <select id="auth-method" value={method?.name ?? ""} onChange={(e) => choose(AUTH_METHODS.find((x) => x.name === e.currentTarget.value)!)}>
          {!method && <option value="">{String((component as { type?: unknown } | undefined)?.type)} (edit in YAML)</option>}
          {AUTH_METHODS.map((m) => (
            <option value={m.name}>{m.name}</option>
          ))}
        </select>
        <p class="note">
          {model.kindAt(place) === "absent" ? "Not set: requests carry no authentication." : <>Defined in <code>{segmentsPath(place)}</code>.</>}
          {shared.length > 1 ? ` One method for all streams: used by ${shared.length} streams (${shared.join(", ")}).` : ""}
          {method?.note ? ` ${method.note}` : ""}
          {line !== undefined && (
            <>
              {" "}
              <button type="button" class="link" aria-label="Show Authentication Method in YAML" onClick={() => props.onReveal(line)}>
                Show in YAML (line {line})
              </button>
            </>
          )}
        </p>
        <ProblemLines problems={asProblems(warnings, "method")} />
      </div>
      {method?.name === "Selective Authenticator" && <pre class="yaml-preview" aria-label="Selective Authenticator YAML">{stringify(component)}</pre>}
      {method?.name === "Custom" && <CustomClassNote className={(component as { class_name?: unknown }).class_name} files={analysis.customClasses} />}
      {method && <MethodFields {...props} method={method} place={place} resolved={first.value} idPrefix="auth-" warnings={warnings} keyPrefix="" />}
      <LinkedAuthenticators {...props} />
    </FoldingFieldset>
  );
}

interface MethodFieldsProps extends AuthContext {
  method: AuthMethod;
  place: readonly Segment[];
  resolved: unknown;
  idPrefix: string;
  warnings: readonly AuthWarning[];
  /** The warnings' key prefix of a nested method (the login request's). */
  keyPrefix: string;
  connectorName: string;
}

/** A method's fields; the OAuth 2 Refresh Token Updater; a session login's own method, nested. */
function MethodFields(props: MethodFieldsProps) {
  const { method, place, resolved, findings, warnings, keyPrefix } = props;
  const problemsOf = (field: AuthField) => {
    const at = segmentsPath([...place, ...field.key]);
    const own: Problem[] = findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path === at || f.path.startsWith(`${at}.`) || f.path.startsWith(`${at}[`)));
    const name = field.kind === "input" ? /config\['([^']+)'\]/.exec(String(valueIn(resolved, field.key) ?? ""))?.[1] : undefined;
    const config: Problem[] = name ? findings.filter((f) => f.code === "CONFIG_INVALID" && f.path === `config.${name}`) : [];
    return [...own, ...config, ...asProblems(warnings, keyPrefix + field.key.join("."))];
  };
  const control = (field: AuthField) => <AuthFieldControl {...props} key={field.key.join(".")} field={field} resolved={valueIn(resolved, field.key)} problems={problemsOf(field)} />;
  const current = (key: readonly Segment[]) => (props.model.kindAt(place) !== "absent" ? props.model.valueAt([...place, ...key]) : valueIn(resolved, key));
  const requestAuthType = (current(["request_authentication", "type"]) as string | undefined) ?? "";
  // Client credentials use no refresh token (nor its updater); an API key session needs its injection.
  const clientCredentials = method.name === "OAuth 2" && current(["grant_type"]) === "client_credentials";
  const fields = method.fields.filter((f) => !(f.key[0] === "request_authentication" && f.kind === "injection" && requestAuthType !== "ApiKey") && !(clientCredentials && f.key[0] === "refresh_token"));
  // Fields the declaration groups (the session login's "Login Requester") are drawn in their group, first.
  const groups = [...new Set(fields.flatMap((f) => (f.group ? [f.group] : [])))];
  const updater = method.name === "OAuth 2" && current(["refresh_token_updater"]) !== undefined;
  // OAuth 2's declarative consent comes first; while it is on, the legacy fields it makes unneeded fold away.
  const declarative = method.name === "OAuth 2" && keyPrefix === "" ? hasDeclarativeOAuth(props.model) : undefined;
  return (
    <>
      {groups.map((group) => (
        <fieldset>
          <legend>{group}</legend>
          {fields.filter((f) => f.group === group).map((field) => (field.kind === "method" ? <LoginMethod {...props} field={field} problems={problemsOf(field)} /> : control(field)))}
        </fieldset>
      ))}
      {declarative !== undefined && <DeclarativeOAuth {...props} />}
      {fields
        .filter((f) => !f.group && !(declarative && !DECLARATIVE_OAUTH_SHOWN.includes(String(f.key[0]))))
        .map((field) =>
          field.key[0] === "request_authentication" && field.kind === "select" ? (
            <AuthFieldControl {...props} field={{ ...field, key: ["request_authentication", "type"], required: true }} resolved={requestAuthType} problems={problemsOf(field)} />
          ) : (
            control(field)
          ),
        )}
      {declarative && (
        <details class="legacy-fields">
          <summary>Legacy OAuth fields</summary>
          <p class="note">The consent fills the refresh and access tokens; these are for an API the declarative consent does not describe.</p>
          {fields.filter((f) => !f.group && !DECLARATIVE_OAUTH_SHOWN.includes(String(f.key[0]))).map(control)}
        </details>
      )}
      {method.name === "OAuth 2" && !clientCredentials && (
        <div class="field">
          <label class="check">
            <input type="checkbox" checked={updater} onChange={(e) => props.onModel((m) => setRefreshTokenUpdater(m, place, e.currentTarget.checked))} /> Refresh Token Updater
          </label>
          <p class="note">For single-use refresh tokens: each new refresh token (and access token and expiry) is written back to the testing values. Needs an initial access token and its expiry.</p>
        </div>
      )}
      {updater && UPDATER_FIELDS.map(control)}
    </>
  );
}

/** The session login's own Authentication Method (not OAuth 2, not Session Token), and its fields. */
function LoginMethod(props: MethodFieldsProps & { field: AuthField; problems: readonly Problem[] }) {
  const { field, place, resolved, problems, onModel, connectorName } = props;
  const at = [...place, ...field.key];
  const current = typeOrResolved(props.model.valueAt(at), valueIn(resolved, field.key));
  const method = methodOf(current);
  const id = `${props.idPrefix}login-method`;
  return (
    <>
      <div class={`field${problems.length ? " has-problem" : ""}`}>
        <label for={id}>{field.label}</label>
        <select id={id} value={method?.name ?? ""} onChange={(e) => onModel((m) => chooseMethod(m, [at], LOGIN_METHODS.find((x) => x.name === e.currentTarget.value)!, connectorName))}>
          {(!method || !LOGIN_METHODS.includes(method)) && <option value="">{method?.name ?? String((current as { type?: unknown })?.type)}</option>}
          {LOGIN_METHODS.map((m) => (
            <option value={m.name}>{m.name}</option>
          ))}
        </select>
        <p class="note">{field.hint}</p>
        <ProblemLines problems={problems} />
      </div>
      {method && LOGIN_METHODS.includes(method) && method.fields.length > 0 && <MethodFields {...props} method={method} place={at} resolved={current} idPrefix={`${props.idPrefix}login-`} keyPrefix="login_requester.authenticator." />}
    </>
  );
}

/** Whether a Custom class's module is in the connector folder (the server looks). */
function CustomClassNote({ className, files }: { className: unknown; files: Analysis["customClasses"] }) {
  if (typeof className !== "string") return null;
  const found = files?.[className];
  if (!found) return null;
  if (found.file && found.language === "python") return <p class="note">{`Custom (Python): ${className} in ${found.file}, run by Sluice's Python.`}</p>;
  return <p class={found.file ? "note" : "problem-line warning"}>{found.file ? `Found ${found.file} in the connector folder.` : `No file for ${className} in the connector folder (looked for ${found.tried.join(", ")}).`}</p>;
}

function asProblems(warnings: readonly AuthWarning[], key: string): Problem[] {
  return warnings.filter((w) => w.key === key).map((w) => ({ severity: "warning", message: w.message }));
}

/** The written component when it names its type (it is what an edit just changed), else the resolved one. */
function typeOrResolved(written: unknown, resolved: unknown): unknown {
  return written && typeof written === "object" && typeof (written as { type?: unknown }).type === "string" ? written : resolved;
}
