import { getEventListeners } from "node:events";
import { monotonicMs } from "../../sdk/services/clock.js";

/** One attempt's signal and its clean-up. */
interface AttemptDeadline {
  /** Aborted by the caller's signal or after the timeout, whichever comes first. */
  readonly signal: AbortSignal;
  /** Whether the timeout (not the caller) aborted the signal. */
  timedOut(): boolean;
  /** Ends the attempt: it no longer times out nor follows the caller's signal. */
  dispose(): void;
}

/** Most spare controllers kept: one per request in flight at once is plenty. */
const MAX_SPARE = 8;

/**
 * Signals for HTTP attempts, each aborted by its timeout or by the caller's signal, at a cost of a few
 * set operations per attempt:
 * - **One timer for all attempts**, armed for the earliest deadline. An attempt that ends only leaves
 *   the set; when the timer fires it aborts the attempts that are due and re-arms for the next one. With
 *   one timeout for every request (the usual case) a new attempt never moves the timer, so a read sets
 *   about one timer per timeout period instead of one per request (a `setTimeout`/`clearTimeout` pair
 *   cost ~4 µs of wall time per page on the socket path, about 2% of a page).
 * - **One listener per caller signal**, not one per attempt: the caller's abort reaches every attempt
 *   of that signal still in flight.
 * - **Controllers are reused**: one that was never aborted and that nothing listens to any more (node-fetch
 *   removes its listener when the body has been read) goes to a later attempt; creating an
 *   `AbortController` costs ~2 µs on Node 20. A transport that keeps a listener (Node's built-in fetch does
 *   until its Request is collected) gets a fresh one each time.
 * (`AbortSignal.timeout` plus `AbortSignal.any` cost ~25 µs per request on Node 20 and kept every timer
 * and its weak references alive for the whole timeout after the response had arrived.)
 * The timer is unref'd: it never keeps a process alive.
 *
 * @example
 * const deadline = deadlines.start(60_000, options.signal);
 * try { await fetch(url, { ...init, signal: deadline.signal }); } finally { deadline.dispose(); }
 */
export class AttemptDeadlines {
  private readonly spare: AbortController[] = [];
  /** Attempts in flight that can still time out. */
  private readonly active = new Set<Deadline>();
  /** The attempts in flight of each caller signal (its one listener aborts them). */
  private readonly byCaller = new WeakMap<AbortSignal, Set<Deadline>>();
  private timer?: NodeJS.Timeout;
  /** When the timer fires (`monotonicMs()` time); Infinity when none is armed. */
  private timerAt = Infinity;
  private readonly onTimer = () => this.expireDue();

  start(timeoutMs: number, caller: AbortSignal | undefined): AttemptDeadline {
    const deadline = new Deadline(this, this.spare.pop() ?? new AbortController(), monotonicMs() + timeoutMs, caller);
    if (caller?.aborted) {
      deadline.abort(caller.reason);
      return deadline;
    }
    this.active.add(deadline);
    if (deadline.at < this.timerAt) this.arm(deadline.at);
    if (caller) this.attemptsOf(caller).add(deadline);
    return deadline;
  }

  /** Forgets an attempt that ended; keeps its controller for a later one when nothing can still see it abort. */
  end(deadline: Deadline): void {
    this.active.delete(deadline);
    if (deadline.caller) this.byCaller.get(deadline.caller)?.delete(deadline);
    const { controller } = deadline;
    const { signal } = controller;
    if (signal.aborted || signal.onabort !== null || this.spare.length >= MAX_SPARE) return;
    if (getEventListeners(signal, "abort").length > 0) return;
    this.spare.push(controller);
  }

  /** The set of a caller signal's attempts in flight, listening to the signal the first time it is seen. */
  private attemptsOf(caller: AbortSignal): Set<Deadline> {
    let attempts = this.byCaller.get(caller);
    if (!attempts) {
      const created = new Set<Deadline>();
      attempts = created;
      this.byCaller.set(caller, created);
      caller.addEventListener("abort", () => {
        for (const deadline of created) deadline.abort(caller.reason);
        created.clear();
      }, { once: true });
    }
    return attempts;
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.onTimer, Math.max(1, Math.ceil(at - monotonicMs())));
    this.timer.unref();
  }

  /** The timer fired: abort every attempt that is due, and arm for the earliest of the others. */
  private expireDue(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = monotonicMs();
    let next = Infinity;
    for (const deadline of this.active) {
      if (deadline.at <= now) {
        this.active.delete(deadline);
        deadline.expire();
      } else if (deadline.at < next) next = deadline.at;
    }
    if (next < Infinity) this.arm(next);
  }
}

/** One attempt's deadline. A class, not closures: it is made once per request. */
class Deadline implements AttemptDeadline {
  private expired = false;
  private ended = false;

  constructor(
    private readonly owner: AttemptDeadlines,
    readonly controller: AbortController,
    /** When the attempt times out (`monotonicMs()` time). */
    readonly at: number,
    readonly caller: AbortSignal | undefined,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  timedOut(): boolean {
    return this.expired;
  }

  /** The timeout passed: the attempt is aborted with a `TimeoutError`. */
  expire(): void {
    if (this.ended) return;
    this.expired = true;
    this.controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }

  /** The caller gave up: the attempt is aborted with the caller's reason. */
  abort(reason: unknown): void {
    if (!this.ended) this.controller.abort(reason);
  }

  dispose(): void {
    if (this.ended) return;
    this.ended = true;
    this.owner.end(this);
  }
}
