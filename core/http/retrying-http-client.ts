import {
  type ApiBudget,
  HttpRequestError,
  SluiceError,
  cloneRequest,
  type AttemptOutcome,
  type Authenticator,
  type Clock,
  type ErrorDecision,
  type Fetch,
  type HttpClient,
  type Logger,
  type OutgoingRequest,
  type ReadObserver,
  type Secrets,
  type SendOptions,
} from "../../sdk/index.js";
import { AttemptDeadlines } from "./attempt-deadlines.js";
import { defaultDecision } from "./default-error-policy.js";
import { encodeRequest, type EncodedRequest } from "./encode-request.js";
import { FetchedResponse, HeaderBag } from "./fetched-response.js";
import type { HttpOptions } from "./http-options.js";
import { observedExchange, redactUrl } from "./observe-exchange.js";
import type { RequestSlots } from "../scheduler/request-slots.js";

/** What the client is made of; every part is a service a host can replace. */
export interface HttpClientParts {
  fetch: Fetch;
  clock: Clock;
  secrets: Secrets;
  logger: Logger;
  options: HttpOptions;
  /** Sees every attempt, redacted (absent: nothing is measured or copied). */
  observer?: ReadObserver;
  /** The connector's limit on requests in flight: every attempt holds a slot while it is on the wire. */
  slots?: RequestSlots;
  /** The connector's API budget: every attempt takes a turn from it first. */
  budget?: ApiBudget;
}

/**
 * The HTTP client every component sends through: it authenticates each attempt afresh, applies the
 * timeout, asks the error handler what each outcome means, retries with exponential backoff (or
 * `Retry-After`) a bounded number of times, refreshes credentials once on a 401, and fails with an
 * error naming the request (credentials redacted), the status and an excerpt of the body.
 *
 * @example
 * const response = await client.send(request, { authenticator, where: { stream: "users", page: 1 } });
 */
export class RetryingHttpClient implements HttpClient {
  private readonly deadlines = new AttemptDeadlines();

  constructor(private readonly parts: HttpClientParts) {}

  async send(request: OutgoingRequest, options: SendOptions = {}): Promise<FetchedResponse> {
    const maxRetries = options.errorHandler?.maxRetries ?? this.parts.options.maxRetries;
    let refreshed = false;
    // An aborted read sends nothing more (a test read that has seen enough pages stops here).
    if (options.signal?.aborted) throw options.signal.reason;
    for (let attempt = 1; ; attempt++) {
      const prepared = cloneRequest(request);
      if (options.authenticator) {
        const applying = this.authenticate(options.authenticator, prepared, options);
        if (applying) await applying;
      }
      const encoded = encodeRequest(prepared);
      const label = memo(() => this.label(encoded));
      const turn = this.turn(encoded, options.signal);
      if (turn) await turn;
      const outcome = await this.attempt(encoded, label, attempt, options);
      if (outcome.response?.status === 401 && options.authenticator && !refreshed) {
        refreshed = true;
        if (await options.authenticator.onUnauthorized(prepared)) {
          this.parts.logger.info("the API answered 401; refreshed the credentials and retrying once", { request: label() });
          continue;
        }
      }
      const decision: ErrorDecision = options.errorHandler?.decide(outcome) ?? defaultDecision(outcome);
      if (decision.action === "success") return outcome.response as FetchedResponse;
      if (decision.action === "ignore") {
        const response = outcome.response as FetchedResponse;
        response.ignored = true;
        this.parts.logger.info("ignoring the response as the error handler says", { request: label(), status: response?.status, reason: decision.reason });
        return response;
      }
      if (decision.action === "fail" || attempt > maxRetries) throw this.failure(outcome, label, options, decision, attempt);
      const delay = this.delay(attempt, decision.delayMs);
      this.parts.logger.warn(`retrying in ${Math.round(delay)} ms`, { request: label(), attempt, reason: decision.reason ?? "" });
      await this.parts.clock.sleep(delay, options.signal);
    }
  }

  /**
   * Adds the credentials; an error from the authenticator (built-in or custom) learns the stream and page.
   * A synchronous authenticator (Bearer, API key, Basic) is not awaited: no promise per request.
   */
  private authenticate(authenticator: Authenticator, request: OutgoingRequest, options: SendOptions): Promise<void> | undefined {
    let applying: void | Promise<void>;
    try {
      applying = authenticator.apply(request);
    } catch (error) {
      throw located(error, options);
    }
    if (!applying) return undefined;
    return Promise.resolve(applying).catch((error: unknown) => {
      throw located(error, options);
    });
  }

  /**
   * Takes a request slot, then a turn from the API budget (in that order, so the budget's clock starts
   * when the request can really go). Undefined when both were free at once: no promise per request.
   * The slot is released by `attempt`; a budget that refuses to wait releases it here.
   */
  private turn(encoded: EncodedRequest, signal: AbortSignal | undefined): Promise<void> | undefined {
    const { slots, budget } = this.parts;
    const slot = slots?.acquire(signal);
    if (!budget) return slot;
    const afterSlot = () => {
      try {
        const waiting = budget.acquire(encoded, { signal, maxWaitMs: this.parts.options.maxBudgetWaitMs });
        return waiting?.catch((error: unknown) => {
          slots?.release();
          throw error;
        });
      } catch (error) {
        slots?.release();
        throw error;
      }
    };
    return slot ? slot.then(afterSlot) : afterSlot();
  }

  private async attempt(encoded: EncodedRequest, label: () => string, attempt: number, options: SendOptions): Promise<AttemptOutcome> {
    const deadline = this.deadlines.start(options.timeoutMs ?? this.parts.options.timeoutMs, options.signal);
    const observer = this.parts.observer;
    const started = observer ? performance.now() : 0;
    try {
      const raw = await this.parts.fetch(encoded.url, { method: encoded.method, headers: encoded.headers, body: encoded.body, signal: deadline.signal, redirect: "follow" });
      const headers = new HeaderBag();
      raw.headers.forEach((value, name) => headers.add(name, value));
      const body = await raw.text();
      this.parts.budget?.update(encoded, { status: raw.status, header: (name) => headers.get(name) ?? undefined });
      if (observer) observer.exchange?.(observedExchange({ secrets: this.parts.secrets, encoded, attempt, ms: performance.now() - started, options, response: { status: raw.status, headers, body } }));
      return { attempt, response: new FetchedResponse(raw.status, raw.url || encoded.url, headers, body, label) };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (observer) observer.exchange?.(observedExchange({ secrets: this.parts.secrets, encoded, attempt, ms: performance.now() - started, options, error }));
      const cause = error instanceof Error ? error : new Error(String(error));
      if (deadline.timedOut()) return { attempt, error: new HttpRequestError("HTTP_TIMEOUT", `${label()} timed out`, { failureType: "transient_error", cause }) };
      return { attempt, error: cause };
    } finally {
      deadline.dispose();
      this.parts.slots?.release();
    }
  }

  private delay(attempt: number, hinted: number | undefined): number {
    const { baseDelayMs, maxDelayMs } = this.parts.options;
    if (hinted !== undefined) return Math.min(hinted, maxDelayMs);
    const exponential = baseDelayMs * 2 ** (attempt - 1);
    return Math.min(maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
  }

  private label(encoded: EncodedRequest): string {
    return `${encoded.method} ${redactUrl(encoded.url, this.parts.secrets)}`;
  }

  private failure(outcome: AttemptOutcome, lazyLabel: () => string, options: SendOptions, decision: ErrorDecision, attempt: number): SluiceError {
    const label = lazyLabel();
    const where = { ...options.where, request: label };
    const tries = attempt > 1 ? ` after ${attempt} attempts` : "";
    const failureType = decision.action === "fail" ? decision.failureType : undefined;
    if (!outcome.response) {
      const cause = outcome.error;
      if (cause instanceof SluiceError) return cause.locate(where);
      return new HttpRequestError("HTTP_NETWORK", `${label} failed${tries}: ${this.parts.secrets.redact(cause?.message ?? "no response")}`, {
        where,
        failureType: failureType ?? "transient_error",
        cause,
      });
    }
    const response = outcome.response;
    const excerpt = this.parts.secrets.redact(response.text().slice(0, 300).replace(/\s+/g, " "));
    const custom = decision.action === "fail" && decision.message ? `${this.parts.secrets.redact(decision.message)}: ` : "";
    const status = response.status;
    return new HttpRequestError("HTTP_STATUS", `${custom}${label} answered ${status}${tries}${excerpt ? `: ${excerpt}` : ""}`, {
      status,
      where,
      failureType: failureType ?? (status === 429 || status >= 500 ? "transient_error" : status === 401 || status === 403 ? "config_error" : "system_error"),
      expected: "a successful (2xx) response",
      found: `status ${status}`,
    });
  }
}

/** An authenticator's error, told where it happened when it is one of Sluice's errors. */
function located(error: unknown, options: SendOptions): unknown {
  return error instanceof SluiceError ? error.locate(options.where ?? {}) : error;
}

/** A value computed on first use: the redacted request label is only needed for logs and errors. */
function memo(make: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= make());
}
