/**
 * The signals of one read form a tree: the read's own signal at the root (a `connector.read()`, a
 * `readAll()`), and the signals derived from it (a stream's run, a page requested ahead). What lives for
 * one read (the response cache of parent streams) is keyed on the root. A component that derives a
 * signal from a read's signal links it here.
 *
 * @example
 * const controller = new AbortController();
 * linkSignal(controller.signal, options.signal);
 * readRoot(controller.signal) === readRoot(options.signal) // true
 */
const parents = new WeakMap<AbortSignal, AbortSignal>();

/**
 * Records that `child` was derived from `parent` (nothing when there is no parent).
 *
 * @example
 * const ahead = new AbortController();
 * linkSignal(ahead.signal, options.signal); // a request sent ahead still belongs to the read
 */
export function linkSignal(child: AbortSignal, parent: AbortSignal | undefined): void {
  if (parent && parent !== child) parents.set(child, parent);
}

/**
 * The root of `signal`'s tree: the signal of the read it belongs to (undefined for no signal).
 *
 * @example
 * const perRead = new WeakMap<AbortSignal, Cache>();
 * perRead.get(readRoot(options.signal)!);
 */
export function readRoot(signal: AbortSignal | undefined): AbortSignal | undefined {
  let current = signal;
  for (let depth = 0; current && depth < 64; depth++) {
    const parent = parents.get(current);
    if (!parent) return current;
    current = parent;
  }
  return current;
}
