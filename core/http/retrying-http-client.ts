import {
  type ApiBudget,
  HttpRequestError,
  PaginationError,
  SluiceError,
  cloneRequest,
  isThenable,
  redactedExcerpt,
  redactUrl,
  type AttemptOutcome,
  type Authenticator,
  type Clock,
  type ErrorDecision,
  type Fetch,
  type FetchInit,
  type FetchResponse,
  type HttpClient,
  type Logger,
  type OutgoingRequest,
  type ReadObserver,
  readRoot,
  type Secrets,
  type SendOptions,
} from "../../sdk/index.js";
import { monotonicMs } from "../../sdk/services/clock.js";
import { AttemptDeadlines } from "./attempt-deadlines.js";
import { learnFromResponse, rotationDelayMs, timeWaited } from "./authenticator-feedback.js";
import { maskAddedParams, runBeforeSend, type AddedBySigning } from "./before-send.js";
import { checkRequest, invalidUrl, type CheckedHeaders } from "./check-request.js";
import { readLimitedBody, readLimitedBytes } from "./read-limited-body.js";
import { nextHop, redirectTarget, type RedirectHop, type RedirectPolicy } from "./redirect-hop.js";
import { defaultDecision } from "./default-error-policy.js";
import { encodeRequest, type EncodedRequest } from "./encode-request.js";
import { ResponseCache } from "./response-cache.js";
import { FetchedResponse, HeaderBag, type DecodeOptions } from "./fetched-response.js";
import type { HttpOptions } from "./http-options.js";
import { observedExchange } from "./observe-exchange.js";
import { outOfTime, requestTimeLimit, seconds, type RequestTimeLimit } from "./request-time-limit.js";
import { originOf, redactedError, tooManyRedirects, transportFollowed } from "./transport-errors.js";
import type { RequestSlots } from "../scheduler/request-slots.js";

/** The most of a redirect's body read before it is dropped. */
const REDIRECT_BODY_BYTES = 64 * 1024;

/** What the client is made of; every part is a service a host can replace. */
interface HttpClientParts {
  fetch: Fetch;
  clock: Clock;
  secrets: Secrets;
  logger: Logger;
  options: HttpOptions;
  /** Whether a redirect to another origin is followed (without credentials) when a send does not say (default false). */
  followCrossOrigin?: boolean;
  /** Sees every request on the wire (each redirect hop too), redacted (absent: nothing is measured or copied). */
  observer?: ReadObserver;
  /** The connector's limit on requests in flight: every request on the wire (each redirect hop too) holds a slot. */
  slots?: RequestSlots;
  /** The connector's API budget: every request on the wire (each redirect hop too) takes a turn from it first. */
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
  private readonly checkedHeaders: CheckedHeaders = new Map();
  private readonly decoding: DecodeOptions;

  /** The time limit of a request whose error handler sets no `max_time`: the host's request deadline. */
  private readonly deadlineLimit: RequestTimeLimit;
  /** The response cache of the sends that carry a `cacheKey` (parent streams, `use_cache`); none when its limit is 0. */
  readonly responseCache?: ResponseCache;

  constructor(private readonly parts: HttpClientParts) {
    this.deadlineLimit = requestTimeLimit(parts.options.requestDeadlineMs, undefined);
    const cacheBytes = parts.options.responseCacheBytes ?? 0;
    if (cacheBytes > 0) this.responseCache = new ResponseCache(cacheBytes, parts.logger);
    this.decoding = { maxDepth: parts.options.maxNestingDepth, maxBytes: parts.options.maxResponseBytes, redact: (text) => parts.secrets.redact(text) };
  }

  async send(request: OutgoingRequest, options: SendOptions = {}): Promise<FetchedResponse> {
    // A send with a cache key in a read (a parent stream's page) may be answered by the read's response cache.
    const root = options.cacheKey !== undefined && this.responseCache ? readRoot(options.signal) : undefined;
    if (root) return this.responseCache!.fetch(root, options.cacheKey!, (signal) => this.sendUncached(request, { ...options, signal }), options.signal);
    return this.sendUncached(request, options);
  }

  private async sendUncached(request: OutgoingRequest, options: SendOptions): Promise<FetchedResponse> {
    const { maxRetriesOverride, requestDeadlineMs } = this.parts.options;
    const maxRetries = maxRetriesOverride ?? options.errorHandler?.maxRetries ?? this.parts.options.maxRetries;
    const limit = options.errorHandler?.maxTimeMs === undefined ? this.deadlineLimit : requestTimeLimit(requestDeadlineMs, options.errorHandler);
    const deadline = { at: this.parts.clock.now() + limit.ms };
    let refreshed = false;
    // An aborted read sends nothing more (a test read that has seen enough pages stops here).
    if (options.signal?.aborted) throw options.signal.reason;
    for (let attempt = 1; ; attempt++) {
      const { outcome, sent, label } = await this.attempt(request, attempt, options, deadline);
      if (outcome.response?.status === 401 && options.authenticator && sent.credentials && !refreshed) {
        refreshed = true;
        if (await options.authenticator.onUnauthorized(sent.request)) {
          this.parts.logger.info("the API answered 401; refreshed the credentials and retrying once", { request: label() });
          continue;
        }
      }
      // Awaited only when it is a promise (a Python handler's): the built-ins decide synchronously.
      if (options.signal) outcome.signal = options.signal;
      const deciding = options.errorHandler?.decide(outcome);
      const decision: ErrorDecision = (isThenable(deciding) ? await deciding : deciding) ?? defaultDecision(outcome);
      if (decision.action === "success") return outcome.response as FetchedResponse;
      if (decision.action === "ignore") {
        const response = outcome.response as FetchedResponse;
        response.ignored = true;
        this.parts.logger.info("ignoring the response as the error handler says", { request: label(), status: response?.status, reason: decision.reason });
        return response;
      }
      // RESET_PAGINATION: the retriever starts the slice's pagination again (see PaginationReset).
      if (decision.action === "reset_pagination") throw new PaginationError("PAGINATION_RESET_REQUIRED", `The error handler asked to start the pagination again (RESET_PAGINATION)${decision.reason ? `: ${this.parts.secrets.redact(decision.reason)}` : ""}`, { where: { request: label() } });
      if (decision.action === "fail" || attempt > maxRetries) throw this.failure(outcome, label, options, decision, attempt);
      const delay = this.delay(attempt, rotationDelayMs(options.authenticator, sent.request, decision) ?? decision.delayMs);
      if (this.parts.clock.now() + delay >= deadline.at) throw this.pastDeadline(outcome, label, options, attempt, limit);
      this.parts.logger.warn(`retrying in ${Math.round(delay)} ms`, { request: label(), attempt, reason: decision.reason ?? "" });
      await this.parts.clock.sleep(delay, options.signal);
    }
  }

  /**
   * One attempt: the request, and the redirects it leads to, followed here (never by the transport) so
   * the origin rule holds for any {@link Fetch}: each hop is rebuilt from the request as it was before
   * authentication, and only a hop on the first request's origin gets the authenticator again (its
   * `apply`, then its `beforeSend` step on the encoded request).
   */
  private async attempt(request: OutgoingRequest, attempt: number, options: SendOptions, deadline: { at: number }): Promise<Attempted> {
    let hop: RedirectHop = { request, credentials: true };
    try {
      for (let hops = 0; ; hops++) {
        const prepared = cloneRequest(hop.request);
        if (hop.credentials && options.authenticator) {
          const applying = this.authenticate(options.authenticator, prepared, options);
          if (applying) deadline.at += await timeWaited(this.parts.clock, applying);
        }
        let encoded = this.encode(prepared, options);
        let added: AddedBySigning | undefined;
        if (hop.credentials && options.authenticator?.beforeSend) {
          const signed = await runBeforeSend(options.authenticator, encoded, { attempt, hop: hops }, { where: options.where ?? {}, secrets: this.parts.secrets });
          if (signed) {
            encoded = checkRequest(signed.request, this.parts.secrets, options.where ?? {});
            added = signed.added;
          }
        }
        const label = memo(() => this.label(encoded, added));
        const sent = { request: prepared, credentials: hop.credentials };
        const turn = this.turn(encoded, options.signal);
        if (turn) {
          // Sluice's own throttling (request slots, the API budget) is not the server's time: the deadline moves with it.
          const waitStarted = this.parts.clock.now();
          await turn;
          deadline.at += this.parts.clock.now() - waitStarted;
        }
        const exchanged = await this.exchange({ request: encoded, added }, label, attempt, options, deadline.at);
        if (exchanged.outcome) return { outcome: exchanged.outcome, sent, label };
        if (hops >= this.parts.options.maxRedirects) throw tooManyRedirects(this.parts.options.maxRedirects, label(), options);
        try {
          hop = nextHop(hop, exchanged.status, exchanged.redirect, this.redirectPolicy(request, options));
        } catch (error) {
          throw error instanceof SluiceError ? error.locate({ request: label() }) : error;
        }
        this.parts.logger.debug(`following a ${exchanged.status} redirect${hop.credentials ? "" : " without credentials"}`, { request: label() });
      }
    } catch (error) {
      throw located(error, options);
    }
  }

  /**
   * One request on the wire, under its own deadline and holding the request slot taken by {@link turn}
   * until its body is read: the outcome, or where the response redirects (its small body read, so the
   * connection stays open for the next hop).
   */
  private async exchange(wire: { request: EncodedRequest; added?: AddedBySigning }, label: () => string, attempt: number, options: SendOptions, deadlineAt: number): Promise<Exchanged> {
    const encoded = wire.request;
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? this.parts.options.timeoutMs, deadlineAt - this.parts.clock.now()));
    const deadline = this.deadlines.start(timeoutMs, options.signal);
    const observer = this.parts.observer;
    const started = observer ? monotonicMs() : 0;
    // Made only when someone watches: this runs for every request.
    const observe = observer
      ? (seen: { response?: { status: number; headers: HeaderBag; body: string }; error?: unknown }) =>
          observer.exchange?.(observedExchange({ secrets: this.parts.secrets, encoded, added: wire.added, attempt, ms: monotonicMs() - started, options, ...seen }))
      : undefined;
    try {
      let raw: FetchResponse;
      try {
        const init: FetchInit = { method: encoded.method, headers: encoded.headers, body: encoded.body, signal: deadline.signal, redirect: "manual" };
        if (wire.added?.params.size) init.signedParams = wire.added.params;
        raw = await this.parts.fetch(encoded.url, init);
      } catch (error) {
        if (observe && !options.signal?.aborted) observe({ error });
        return { outcome: this.transportFailure(error, attempt, label, deadline, options, timeoutMs) };
      }
      if (raw.redirected === true && raw.url && originOf(raw.url) !== originOf(encoded.url)) throw transportFollowed(raw.url, label(), this.parts.secrets);
      const headers = new HeaderBag(raw.headers);
      learnFromResponse(this.parts.budget, options.authenticator, encoded, { status: raw.status, header: (name) => headers.get(name) ?? undefined });
      const target = redirectTarget(raw.status, headers.get("location"), encoded.url, label);
      if (target !== undefined) {
        const shortBody = await readLimitedBody(raw, headers, REDIRECT_BODY_BYTES, label).catch(() => "");
        observe?.({ response: { status: raw.status, headers, body: shortBody } });
        return { redirect: target, status: raw.status };
      }
      let body: string | Uint8Array;
      try {
        // A decoder of binary content (gzip, zip) gets the bytes as sent, under the same limit.
        body = options.readBytes ? await readLimitedBytes(raw, headers, this.parts.options.maxResponseBytes, label) : await readLimitedBody(raw, headers, this.parts.options.maxResponseBytes, label);
      } catch (error) {
        if (observe && !options.signal?.aborted) observe({ error });
        if (error instanceof SluiceError) throw error.locate(options.where ?? {});
        return { outcome: this.transportFailure(error, attempt, label, deadline, options, timeoutMs) };
      }
      observe?.({ response: { status: raw.status, headers, body: typeof body === "string" ? body : new TextDecoder().decode(body) } });
      return { outcome: { attempt, response: new FetchedResponse(raw.status, encoded.url, headers, body, label, this.decoding) } };
    } finally {
      deadline.dispose();
      this.parts.slots?.release();
    }
  }

  /**
   * Takes a request slot, then a turn from the API budget (in that order, so the budget's clock starts
   * when the request can really go). Undefined when both were free at once: no promise per request.
   * The slot is released by {@link exchange}; a budget that refuses to wait releases it here.
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

  /** Where the redirects of `request` may go (computed only when a response redirects: it parses the URL). */
  private redirectPolicy(request: OutgoingRequest, options: SendOptions): RedirectPolicy {
    return { trustedOrigin: originOf(request.url), followCrossOrigin: options.followCrossOrigin ?? this.parts.followCrossOrigin ?? false, secrets: this.parts.secrets };
  }

  /** The wire form of a request, refused at once (no retry) when it can never be sent. */
  private encode(prepared: OutgoingRequest, options: SendOptions): EncodedRequest {
    let encoded: EncodedRequest;
    try {
      encoded = encodeRequest(prepared);
    } catch (error) {
      if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === "ERR_INVALID_URL") throw invalidUrl(prepared.url, this.parts.secrets, options.where ?? {});
      throw error;
    }
    return checkRequest(encoded, this.parts.secrets, options.where ?? {}, this.checkedHeaders);
  }

  /**
   * A network failure or timeout, as an outcome the error handler judges; the transport's words are redacted.
   * A Sluice error the transport raised that is not transient is its verdict, not the network's (a replay
   * with no recorded answer, FIXTURE_NO_MATCH): thrown at once, since every retry would get the same.
   */
  private transportFailure(error: unknown, attempt: number, label: () => string, deadline: { timedOut(): boolean }, options: SendOptions, timeoutMs: number): AttemptOutcome {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (error instanceof SluiceError && error.failureType !== "transient_error") throw error.locate({ ...options.where, request: label() });
    const cause = redactedError(error, this.parts.secrets);
    if (deadline.timedOut()) return { attempt, error: new HttpRequestError("HTTP_TIMEOUT", `${label()} timed out after ${seconds(timeoutMs)}`, { failureType: "transient_error", cause }) };
    return { attempt, error: cause };
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

  private delay(attempt: number, hinted: number | undefined): number {
    const { baseDelayMs, maxDelayMs } = this.parts.options;
    if (hinted !== undefined) return Math.min(hinted, maxDelayMs);
    const exponential = baseDelayMs * 2 ** (attempt - 1);
    return Math.min(maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
  }

  private label(encoded: EncodedRequest, added?: AddedBySigning): string {
    const url = added ? maskAddedParams(encoded.url, added.params) : encoded.url;
    return `${encoded.method} ${redactUrl(url, this.parts.secrets)}`;
  }

  /** The request's time limit would pass before the next attempt: the last outcome, as a deadline failure. */
  private pastDeadline(outcome: AttemptOutcome, label: () => string, options: SendOptions, attempt: number, limit: RequestTimeLimit): SluiceError {
    const last = this.failure(outcome, label, options, { action: "retry" }, attempt);
    return outOfTime(limit, label(), attempt, last, options.where ?? {});
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
    const excerpt = redactedExcerpt(this.parts.secrets, response.text(), 300);
    const custom = decision.action === "fail" && decision.message ? `${this.parts.secrets.redact(decision.message)}: ` : "";
    const status = response.status;
    // A refused credential: say which config values it came from, since the header shows only `Basic ****`.
    const keys = status === 401 || status === 403 ? (options.authenticator?.configKeys ?? []) : [];
    const inputs = keys.length ? `; the authenticator's credentials come from ${keys.map((k) => `config['${k}']`).join(", ")}: check them` : "";
    return new HttpRequestError("HTTP_STATUS", `${custom}${label} answered ${status}${tries}${excerpt ? `: ${excerpt}` : ""}${inputs}`, {
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

/** What one request on the wire gave: an outcome for the error handler, or a redirect to follow. */
type Exchanged = { outcome: AttemptOutcome; redirect?: undefined; status?: undefined } | { outcome?: undefined; redirect: string; status: number };

/** What one attempt produced, the request last sent (after redirects) and its label. */
interface Attempted {
  outcome: AttemptOutcome;
  sent: { request: OutgoingRequest; credentials: boolean };
  label: () => string;
}

/** A value computed on first use: the redacted request label is only needed for logs and errors. */
function memo(make: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= make());
}
