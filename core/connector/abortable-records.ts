/**
 * Wraps a read so that the iterator's `return()` (a `break` in `for await`, or a host giving up)
 * aborts the request in flight instead of waiting for it.
 *
 * @example
 * const records = abortableRecords((signal) => stream.read({ signal }), outerSignal);
 */
export function abortableRecords<T>(start: (signal: AbortSignal) => AsyncIterable<T>, outer?: AbortSignal): AsyncIterable<T> & AsyncIterator<T> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  const inner = start(controller.signal)[Symbol.asyncIterator]();
  let finished = false;
  const finish = () => {
    finished = true;
    outer?.removeEventListener("abort", onOuterAbort);
  };
  const iterator: AsyncIterable<T> & AsyncIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      if (finished) return { done: true, value: undefined };
      try {
        const result = await inner.next();
        if (result.done) finish();
        return result;
      } catch (error) {
        finish();
        if (controller.signal.aborted && !outer?.aborted) return { done: true, value: undefined };
        throw error;
      }
    },
    async return() {
      if (!finished) {
        finish();
        controller.abort(new Error("the read was stopped by its consumer"));
        await inner.return?.().catch(() => undefined);
      }
      return { done: true, value: undefined };
    },
  };
  return iterator;
}
