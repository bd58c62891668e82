import type { HttpResponse } from "../../sdk/index.js";
import { truthy } from "../../python/values.js";

/** The keys an API's error message is looked for under, in order (the kit's `JsonErrorMessageParser`). */
const MESSAGE_KEYS = ["message", "messages", "error", "errors", "failures", "failure", "detail", "err", "error_message", "msg", "reason", "status_message"];

/**
 * The error message of a response body, as the kit finds it: the body parsed as JSON (else its text);
 * a string is the message; a list joins its members' messages with ", "; an object gives the message of
 * the first truthy value under `message`, `messages`, `error`, `errors`, ... `status_message`.
 *
 * @example
 * // Stripe: { "error": { "type": "invalid_request_error", "message": "No such customer" } }
 * parseErrorMessage(response) === "No such customer"
 */
export function parseErrorMessage(response: HttpResponse): string | undefined {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.text();
  }
  return messageOf(body);
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value
      .map(messageOf)
      .filter((m): m is string => m !== undefined)
      .join(", ");
  }
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of MESSAGE_KEYS) if (truthy(record[key])) return messageOf(record[key]);
    return undefined;
  }
  return undefined;
}
