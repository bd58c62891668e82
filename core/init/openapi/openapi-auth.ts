import { authScaffold, type AuthMethod, type AuthScaffold, type CredentialField } from "../auth-methods.js";
import type { Json, OpenApiDocument } from "./read-openapi.js";

/** The authenticator the document asks for, its user inputs, and why. */
export interface AuthFromDocument extends AuthScaffold {
  evidence: string;
  /** API keys the same requirement asks for beside the authenticator's (sent by the requester on every request). */
  alongside?: { headers: Record<string, string>; parameters: Record<string, string> };
}

const secret = (name: string, title: string, description: string): CredentialField => ({ name, title, description, secret: true, placeholder: "" });
const plain = (name: string, title: string, description: string): CredentialField => ({ name, title, description, secret: false, placeholder: "" });
const config = (name: string) => `{{ config['${name}'] }}`;
const empty = (fields: CredentialField[]) => fields.map((f) => ({ ...f, placeholder: "" }));

/**
 * The authentication of the list endpoints, from the security scheme they require (the operations'
 * `security`, else the document's): `apiKey` in a header or the query, HTTP `bearer` and `basic`,
 * OAuth 2's client-credentials flow, or its authorization-code flow as a refresh token. `--auth`
 * overrides it with one of `sluice init`'s methods. The credentials become spec inputs, marked secret,
 * their testing values left empty.
 *
 * @example
 * authFromDocument(doc, ["get /v1/users"]).authenticator
 * // { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-API-Key" } }
 */
export function authFromDocument(doc: OpenApiDocument, requirements: ReadonlyArray<Array<Record<string, string[]>> | undefined>, override?: AuthMethod): AuthFromDocument {
  if (override) {
    const chosen = authScaffold(override, doc.baseUrl ?? "");
    return { ...chosen, fields: empty(chosen.fields), evidence: `--auth ${override}` };
  }
  const names = requirements.flatMap((r) => (r ?? doc.security).flatMap((alternative) => Object.keys(alternative)));
  const name = names.find((n) => doc.securitySchemes[n]);
  const scheme = name ? doc.securitySchemes[name]! : undefined;
  if (!scheme) return { summary: "none", fields: [], evidence: names.length ? `the required scheme '${names[0]}' is not defined: none` : "no security scheme required: none" };
  const chosen = authFor(scheme, name!);
  const alongside = companionKeys(doc, requirements, name!);
  if (!alongside.fields.length) return chosen;
  return {
    ...chosen,
    fields: [...chosen.fields, ...alongside.fields],
    alongside: { headers: alongside.headers, parameters: alongside.parameters },
    evidence: `${chosen.evidence}, with ${alongside.evidence.join(" and ")} required together with it`,
  };
}

/**
 * API keys required together with the chosen scheme (one requirement object naming several schemes:
 * a partner id and a key): each becomes a secret input the requester sends in its header or query parameter.
 */
function companionKeys(doc: OpenApiDocument, requirements: ReadonlyArray<Array<Record<string, string[]>> | undefined>, chosen: string) {
  const together = requirements.flatMap((r) => r ?? doc.security).find((alternative) => chosen in alternative) ?? {};
  const out = { fields: [] as CredentialField[], headers: {} as Record<string, string>, parameters: {} as Record<string, string>, evidence: [] as string[] };
  for (const other of Object.keys(together).filter((n) => n !== chosen)) {
    const scheme = doc.securitySchemes[other];
    if (String(scheme?.type).toLowerCase() !== "apikey" || (scheme!.in !== "header" && scheme!.in !== "query")) continue;
    const input = other.replace(/[^A-Za-z0-9]+/g, "_").replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    out.fields.push(secret(input, other, `Sent in the ${scheme!.in === "header" ? "header" : "query parameter"} ${scheme!.name} (security scheme '${other}')`));
    (scheme!.in === "header" ? out.headers : out.parameters)[String(scheme!.name)] = config(input);
    out.evidence.push(`'${other}' (${describe(scheme!)})`);
  }
  return out;
}

/** The authenticator of one scheme. */
function authFor(scheme: Json, name: string): AuthFromDocument {
  const why = `security scheme '${name}' (${describe(scheme)})`;
  const type = String(scheme.type).toLowerCase();
  if (type === "apikey" && (scheme.in === "header" || scheme.in === "query")) {
    return {
      summary: `API key in the ${scheme.in === "header" ? `header ${scheme.name}` : `query parameter ${scheme.name}`}`,
      authenticator: { type: "ApiKeyAuthenticator", api_token: config("api_key"), inject_into: { type: "RequestOption", inject_into: scheme.in === "header" ? "header" : "request_parameter", field_name: scheme.name } },
      fields: [secret("api_key", "API key", `The API key, sent in ${scheme.in === "header" ? "the header" : "the query parameter"} ${scheme.name}`)],
      evidence: why,
    };
  }
  if ((type === "http" && String(scheme.scheme).toLowerCase() === "bearer") || type === "oauth2" && !oauthFlow(scheme)) {
    const bearer = authScaffold("bearer", "");
    return { ...bearer, fields: empty(bearer.fields), evidence: why };
  }
  if ((type === "http" && String(scheme.scheme).toLowerCase() === "basic") || type === "basic") {
    const basic = authScaffold("basic", "");
    return { ...basic, fields: empty(basic.fields), evidence: why };
  }
  const flow = type === "oauth2" ? oauthFlow(scheme) : undefined;
  if (flow) {
    const refresh = flow.kind === "refresh";
    return {
      summary: refresh ? "OAuth 2.0 refresh token" : "OAuth 2.0 client credentials",
      authenticator: {
        type: "OAuthAuthenticator",
        token_refresh_endpoint: flow.tokenUrl,
        client_id: config("client_id"),
        client_secret: config("client_secret"),
        ...(refresh ? { refresh_token: config("refresh_token") } : { grant_type: "client_credentials" }),
      },
      fields: [plain("client_id", "Client ID", "The OAuth app's client ID"), secret("client_secret", "Client secret", "The OAuth app's client secret"), ...(refresh ? [secret("refresh_token", "Refresh token", "A refresh token granted to the app (`sluice oauth` can obtain one)")] : [])],
      evidence: why,
    };
  }
  return { summary: "none", fields: [], evidence: `${why} is not one the generator writes: none (add it in the manifest)` };
}

function oauthFlow(scheme: Json): { kind: "client" | "refresh"; tokenUrl: string } | undefined {
  const flows = (scheme.flows ?? {}) as Json;
  if (flows.clientCredentials?.tokenUrl) return { kind: "client", tokenUrl: flows.clientCredentials.tokenUrl };
  if (flows.authorizationCode?.tokenUrl) return { kind: "refresh", tokenUrl: flows.authorizationCode.tokenUrl };
  if (scheme.flow === "application" && scheme.tokenUrl) return { kind: "client", tokenUrl: scheme.tokenUrl };
  if (scheme.flow === "accessCode" && scheme.tokenUrl) return { kind: "refresh", tokenUrl: scheme.tokenUrl };
  return undefined;
}

function describe(scheme: Json): string {
  if (scheme.type === "apiKey") return `apiKey in ${scheme.in} '${scheme.name}'`;
  if (scheme.type === "http") return `http ${scheme.scheme}`;
  return String(scheme.type);
}
