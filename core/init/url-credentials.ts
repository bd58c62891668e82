import { SluiceError } from "../../sdk/index.js";
import type { AuthMethod, CredentialField } from "./auth-methods.js";
import { isCredentialName } from "../../pure/credential-name.js";

/** A query parameter of the base URL, moved to the requester: a config input (with its value) or a literal. */
interface UrlQueryInput {
  /** The parameter's name in the URL. */
  param: string;
  /** The config field it reads, when it is a credential (its value goes to `secrets/config.json`). */
  field?: CredentialField;
  /** The literal value, when it is not a credential (it stays in the manifest). */
  literal?: string;
}

/** What {@link splitUrlCredentials} makes of a URL given to `sluice init`. */
export interface SplitUrl {
  /** The URL without user-info, query or fragment: what goes into `url_base` and the README. */
  url: string;
  /** `user:password@` in the URL: the username and password, for HTTP Basic. */
  basic?: { username: string; password: string };
  /** The query parameters, in order. */
  query: UrlQueryInput[];
}

/**
 * Takes the credentials out of a base URL given to `sluice init`, so they never reach `manifest.yaml`
 * or `README.md`: `https://user:PASS@host/v1?api_key=KEY` becomes `https://host/v1`, the user-info
 * becomes HTTP Basic (with `--auth basic`, the default for such a URL; with another method it is
 * refused, since one connector sends one kind of credential) and each credential-like query parameter a secret spec
 * input whose value goes to `secrets/config.json`. Other query parameters stay literal
 * `request_parameters`. Errors never show a value.
 *
 * @example
 * splitUrlCredentials("https://api.acme.com/v1?api_key=k-123&format=json", "none", []);
 * // { url: "https://api.acme.com/v1", query: [{ param: "api_key", field: { name: "api_key", secret: true, placeholder: "k-123", ... } }, { param: "format", literal: "json" }] }
 */
export function splitUrlCredentials(text: string, auth: AuthMethod, taken: readonly string[]): SplitUrl {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return { url: text, query: [] }; // not absolute: nothing to take apart (validate names it later)
  }
  const basic = parsed.username || parsed.password ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) } : undefined;
  if (basic && auth !== "basic") {
    throw new SluiceError("INIT_URL_CREDENTIALS", `The URL holds a username and password, but --auth is ${auth}`, {
      failureType: "config_error",
      expected: "--auth basic (the URL's user and password become the spec's username and password, stored in secrets/config.json), or a URL without user:password@",
      found: "user:password@ in the URL (not shown)",
    });
  }
  const names = new Set(taken);
  const query: UrlQueryInput[] = [];
  for (const [param, value] of parsed.searchParams) {
    if (!isCredentialName(param)) {
      query.push({ param, literal: value });
      continue;
    }
    let name = param.replace(/\W+/g, "_").replace(/^_+|_+$/g, "") || "url_parameter";
    if (names.has(name)) name = `query_${name}`;
    names.add(name);
    query.push({ param, field: { name, title: param, description: `Sent as the query parameter ${param}`, secret: true, placeholder: value } });
  }
  parsed.username = "";
  parsed.password = "";
  parsed.search = "";
  parsed.hash = "";
  let url = parsed.toString();
  if (parsed.pathname === "/" && !text.replace(/[?#].*$/, "").endsWith("/")) url = url.slice(0, -1); // as written: https://host, not https://host/
  return { url, basic, query };
}

/**
 * Whether a URL carries `user:password@` (then `sluice init` scaffolds HTTP Basic unless told otherwise).
 *
 * @example
 * hasUserInfo("https://ana:pw@api.acme.com"); // true
 */
export function hasUserInfo(text: string): boolean {
  try {
    const parsed = new URL(text);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}
