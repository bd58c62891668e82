import type { BeforeSendContext, EncodedRequest } from "../http/encoded-request.js";
import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { BudgetRequest, BudgetResponse } from "../services/api-budget.js";

/**
 * The base class of every authenticator, built-in and custom. One instance serves every stream of a
 * connector. `apply` adds credentials to a request (headers, query parameters, form or JSON body
 * fields, through `injectRequestValue`) and may be asynchronous, for tokens fetched over HTTP.
 * An authenticator that signs what is sent (an HMAC of the method, path, query and body) also
 * implements `beforeSend`, which sees the encoded request.
 *
 * @example
 * // manifest: authenticator: { type: CustomAuthenticator, class_name: source_acme.components.AcmeAuth, header: X-Acme }
 * import { Authenticator, injectRequestValue, type OutgoingRequest } from "sluice/sdk";
 *
 * export class AcmeAuth extends Authenticator {
 *   constructor(private readonly options: { header: string; config: { api_key: string } }) { super(); }
 *   apply(request: OutgoingRequest) {
 *     injectRequestValue(request, "header", this.options.header, this.options.config.api_key, "AcmeAuth");
 *   }
 * }
 */
export abstract class Authenticator {
  /**
   * The config keys its credentials come from (`["username", "password"]`), set by its factory; a 401 or
   * 403 names them, so a person knows which values to check. Empty when unknown (a custom class).
   */
  configKeys: readonly string[] = [];

  /** Adds this authenticator's credentials to the request. */
  abstract apply(request: OutgoingRequest): void | Promise<void>;

  /**
   * Optional: runs on the request as it goes on the wire (method, final URL, headers, body exactly as
   * sent), after `apply` and the encoding, before sending; it may add headers and query parameters
   * (`setWireValue`). It runs again for every attempt (a retry, the retry after a credential refresh)
   * and for every redirect hop on the request's origin, so a timestamp or nonce is fresh each time; never
   * on a hop to another origin. What it adds or changes is masked in logs, errors and observed exchanges.
   *
   * @example
   * beforeSend(request: EncodedRequest) {
   *   const { method, path, body } = wireParts(request);
   *   const timestamp = String(Math.floor(Date.now() / 1000));
   *   setWireValue(request, "header", "X-Timestamp", timestamp, "AcmeSigner");
   *   setWireValue(request, "header", "X-Signature", hmacHex(this.secret, timestamp + method + path + body), "AcmeSigner");
   * }
   */
  beforeSend?(request: EncodedRequest, context: BeforeSendContext): void | Promise<void>;

  /**
   * Optional: sees the status and headers of every response to a request it signed, as sent on the wire
   * (a response from the read's cache never comes here: it used no quota). A token pool reconciles its
   * counters from rate-limit headers here (`RateLimitedMultipleTokenAuthenticator`). Must not throw.
   *
   * @example
   * onResponse(request: BudgetRequest, response: BudgetResponse) {
   *   this.remaining = Number(response.header("x-ratelimit-remaining") ?? this.remaining);
   * }
   */
  onResponse?(request: BudgetRequest, response: BudgetResponse): void;

  /**
   * Optional: whether a request the API answered as rate limited (`RATE_LIMITED`, a 429 by default) can
   * be retried at once with another credential, because the one that signed it is spent and another is
   * not; the HTTP client then retries after 100 ms instead of the computed backoff (the kit's
   * `has_alternative_token`). `request` is the request as `apply` signed it.
   */
  hasAlternativeCredential?(request: OutgoingRequest): boolean;

  /**
   * Called when the API answered 401 to a request this authenticator signed. Refresh the
   * credentials and return true to have the request retried once; the default returns false.
   * `request` is the request as `apply` signed it, so that concurrent 401s on one old token cause
   * one refresh, not one each.
   */
  async onUnauthorized(_request?: OutgoingRequest): Promise<boolean> {
    return false;
  }
}
