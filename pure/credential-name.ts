/** Words that make a parameter name a credential wherever they stand in it (`api_key`, `X-Amz-Signature`, `sessionId`). */
const CREDENTIAL_WORDS = new Set([
  "key", "keys", "token", "tokens", "secret", "secrets", "password", "passwords", "passwd", "pwd", "pass", "passphrase",
  "sig", "signature", "auth", "authorization", "authentication", "credential", "credentials", "session", "bearer", "jwt",
]);
/** Credential words written as one word (`apikey`, `accesstoken`), as a name split into words has them. */
const CREDENTIAL_COMPOUNDS = new Set([
  "apikey", "apitoken", "apisecret", "accesstoken", "accesskey", "authtoken", "authkey", "clientsecret", "secretkey", "privatekey",
  "refreshtoken", "idtoken", "bearertoken", "sessionid", "sessiontoken", "sessionkey", "oauthtoken", "xapikey",
]);
/**
 * One-word compounds (`hapikey`, `appsecret`, `usertoken`, `licensekey`, `accesskeyid`): qualifiers, then
 * a credential word (key, token, secret, pass...), then perhaps `id`; and `appid`-like ids. Matched against
 * each word, each pair of neighbouring words and the whole name joined, so `app_id` and `my_appkey` count;
 * `donkey`, `bypass`, `userid` do not (their start is not a qualifier, or their id is not a credential).
 */
const QUALIFIERS = "api|hapi|app|application|user|usr|license|licence|access|client|auth|private|secret|session|refresh|consumer|master|dev|developer|partner|signing|subscription|integration|oauth|bearer|x|shared|admin|login|service|merchant|security|id";
const COMPOUND = new RegExp(`^(?:${QUALIFIERS})+(?:key|keys|token|tokens|secret|secrets|pass|passwd|password|pwd|sig|signature)(?:id)?$`);
const CREDENTIAL_IDS = /^(?:app|application|session|consumer|access(?:key)?|secret(?:key)?)id$/;

/** Names that are a credential only alone: `?code=` is an OAuth authorization code, `country_code` is not; `?sign=` a signature. */
const CREDENTIAL_NAMES = new Set(["code", "sign"]);

/**
 * The words of a parameter name, lower-case: split on `_`, `-`, `.` and any other non-letter, at a
 * camelCase boundary and between letters and digits.
 *
 * @example
 * nameWords("X-API-Key") // ["x", "api", "key"]
 * nameWords("accessToken2") // ["access", "token", "2"]
 * nameWords("APIKey") // ["api", "key"]
 */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(?=\d)/g, "$1 ")
    .replace(/(\d)(?=[A-Za-z])/g, "$1 ")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/**
 * Whether a query parameter's name says it carries a credential, judged on its words (not on
 * substrings: `author`, `country_code`, `keyword`, `monkey` are not credentials; `api_key`, `apiKey`,
 * `access_token`, `X-Amz-Signature`, `client_secret`, `session_id` are, and so are one-word compounds
 * such as `hapikey`, `appid`, `appsecret`, `usertoken`, `licensekey`).
 *
 * @example
 * isCredentialName("apiKey") // true
 * isCredentialName("author") // false
 */
export function isCredentialName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 1 && CREDENTIAL_NAMES.has(words[0]!)) return true;
  if (words.some((word) => CREDENTIAL_WORDS.has(word) || CREDENTIAL_COMPOUNDS.has(word)) || CREDENTIAL_COMPOUNDS.has(words.join(""))) return true;
  const joined = [...words, ...words.slice(1).map((word, i) => `${words[i]}${word}`), words.join("")];
  return joined.some((word) => COMPOUND.test(word) || CREDENTIAL_IDS.test(word));
}
