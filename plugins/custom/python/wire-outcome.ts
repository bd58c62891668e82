import type { AttemptOutcome } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * What an error handler or backoff strategy receives for an attempt, across the bridge: the response
 * (`$response`), or the network error of a request that got none (`$error`, a Python `IOError`).
 *
 * @example
 * wireOutcome({ response, attempt: 2 }); // { $response: { status: 429, ... } }
 */
export function wireOutcome(outcome: AttemptOutcome): unknown {
  if (outcome.response) return wireResponse(outcome.response);
  return { $error: outcome.error?.message ?? "no response" };
}
