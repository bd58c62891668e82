import type { Secrets } from "./secrets.js";
import { secretForms } from "./secret-forms.js";

const MASK = "****";
/** Values shorter than this are not treated as secrets: masking "1" or "true" would garble every message. */
const MIN_LENGTH = 4;

/**
 * The set of values never to print. Each secret is also masked in every other form it can take in
 * output ({@link secretForms}): URL-encoded, base64, JSON- and `\u`-escaped.
 *
 * @example
 * const secrets = new SecretRegistry();
 * secrets.add("s3cr3t-token");
 * secrets.redact("Authorization: Bearer s3cr3t-token"); // "Authorization: Bearer ****"
 */
export class SecretRegistry implements Secrets {
  private readonly values = new Set<string>();
  private pattern: RegExp | undefined;

  add(value: unknown): void {
    if (value === undefined || value === null || typeof value === "object") return;
    const text = String(value);
    if (text.length < MIN_LENGTH || this.values.has(text)) return;
    for (const form of secretForms(text)) {
      if (form.length >= MIN_LENGTH) this.values.add(form);
    }
    this.pattern = undefined;
  }

  redact(text: string): string {
    if (this.values.size === 0 || !text) return text;
    this.pattern ??= new RegExp([...this.values].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|"), "g");
    return text.replace(this.pattern, MASK);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
