/**
 * What a component method the engine calls on a read's page path may return: the value, or a promise
 * of it (a Python component's method, which crosses the bridge without blocking the thread). The
 * engine awaits only when it got a thenable ({@link isThenable}), so a built-in's synchronous answer
 * costs no extra turn of the event loop.
 *
 * @example
 * extract(response: HttpResponse): Awaitable<Iterable<unknown>> { return this.remote.call("extract_records", [wire]); }
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * Whether a component's answer is a promise to await (anything with a `then` method).
 *
 * @example
 * const items = extractor.extract(response);
 * const records = isThenable(items) ? await items : items;
 */
export function isThenable<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}

/**
 * `then` for a value that may be a promise: `next(value)` at once when it is not, after it resolves
 * when it is (a composite component passing on an inner one's answer keeps the synchronous path synchronous).
 *
 * @example
 * return thenMaybe(inner.extract(response), (items) => [...items].flatMap(expand));
 */
export function thenMaybe<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isThenable(value) ? value.then(next) : next(value);
}

/**
 * `step` for each item in order, each after the one before has answered: synchronously while every
 * answer is, awaiting only an answer that is a promise (a composite slicer asking its slicers for their
 * request options, one of them a Python router).
 *
 * @example
 * applyToRequest(request, slice) { return forEachMaybe(this.slicers, (slicer) => slicer.applyToRequest(request, slice)); }
 */
export function forEachMaybe<T>(items: readonly T[], step: (item: T) => Awaitable<unknown>, from = 0): Awaitable<void> {
  for (let i = from; i < items.length; i++) {
    const done = step(items[i]!);
    if (isThenable(done)) return done.then(() => forEachMaybe(items, step, i + 1));
  }
  return undefined;
}
