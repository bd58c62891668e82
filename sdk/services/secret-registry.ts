import type { SecretOptions, Secrets } from "./secrets.js";
import { secretForms } from "./secret-forms.js";

const MASK = "****";
/** Values shorter than this are not treated as secrets: masking "1" or "true" would garble every message. */
const MIN_LENGTH = 4;
/** How many request-time values (a signature per request) are remembered: a long read must not grow the set without bound. */
const RECENT_REQUEST_VALUES = 256;
const SCHEME_AND_TOKEN = /^[A-Za-z][\w-]* +(\S+)$/;
/** A request's timestamp (a number, an ISO 8601 date-time): sent with a signature, but no credential. */
const TIMESTAMP = /^(?:\d+(?:\.\d+)?|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)$/;
/** A media type (`application/json; charset=utf-8`): a signer may set `Content-Type`, and masking it would garble every response shown. */
const MEDIA_TYPE = /^(?:application|text|image|audio|video|multipart|font|model|message)\/[a-z0-9.+-]+(?:\s*;\s*[a-z-]+=[\w.-]+)*$/;

/**
 * The set of values never to print. Each secret is also masked in every other form it can take in
 * output ({@link secretForms}): URL-encoded, base64, JSON- and `\u`-escaped. A request-time value
 * (`{ perRequest: true }`: a signature) is remembered among the {@link RECENT_REQUEST_VALUES} most
 * recent, in the forms a request shows it ({@link sentForms}); adding one costs a map entry, and it is
 * masked by plain text search, so a signature per request never recompiles the pattern of the others.
 *
 * @example
 * const secrets = new SecretRegistry();
 * secrets.add("s3cr3t-token");
 * secrets.redact("Authorization: Bearer s3cr3t-token"); // "Authorization: Bearer ****"
 */
export class SecretRegistry implements Secrets {
  private readonly values = new Set<string>();
  /** Request-time values, oldest first, each with its forms once a redaction needed them. */
  private readonly recent = new Map<string, string[] | undefined>();
  private pattern: RegExp | undefined;

  add(value: unknown, options?: SecretOptions): void {
    if (value === undefined || value === null || typeof value === "object") return;
    const text = String(value);
    if (text.length < MIN_LENGTH || this.values.has(text)) return;
    if (options?.perRequest) {
      this.addRecent(text);
      return;
    }
    this.recent.delete(text);
    for (const form of secretForms(text)) {
      if (form.length >= MIN_LENGTH) this.values.add(form);
    }
    this.pattern = undefined;
  }

  redact(text: string): string {
    if (!text) return text;
    let out = text;
    for (const [value, known] of this.recent) {
      const forms = known ?? sentForms(value);
      if (!known) this.recent.set(value, forms);
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
    }
    if (this.values.size === 0) return out;
    this.pattern ??= new RegExp([...this.values].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|"), "g");
    return out.replace(this.pattern, MASK);
  }

  private addRecent(text: string): void {
    if (TIMESTAMP.test(text) || MEDIA_TYPE.test(text)) return;
    // A header value `Bearer <token>`: the token alone is the credential, wherever else it shows.
    const token = SCHEME_AND_TOKEN.exec(text)?.[1];
    if (token !== undefined && token.length >= MIN_LENGTH) this.addRecent(token);
    const known = this.recent.get(text);
    // Sent again (a static value re-added on every request): it becomes the most recent.
    this.recent.delete(text);
    this.recent.set(text, known);
    if (this.recent.size > RECENT_REQUEST_VALUES) this.recent.delete(this.recent.keys().next().value!);
  }
}

/** A request-time value as a request and its echoes show it: raw, URL- and form-encoded, JSON-escaped; longest first. */
function sentForms(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  const forms = new Set([text, encodeURIComponent(text), new URLSearchParams({ v: text }).toString().slice(2), json, json.replace(/\//g, "\\/")]);
  return [...forms].filter((form) => form.length >= MIN_LENGTH).sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
