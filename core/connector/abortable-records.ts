/**
 * Wraps a read (of pages) so that the iterator's `return()` (a `break` in `for await`, or a host
 * giving up) aborts the request in flight instead of waiting for it.
 *
 * @example
 * const pages = abortableRecords((signal) => readPages(stream, { signal }), outerSignal);
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
  // next() chains onto the inner promise instead of awaiting it in an async function (one frame less
  // per step). A step that fails because the consumer's own return() aborted it ends the read quietly.
  const onResult = (result: IteratorResult<T>): IteratorResult<T> => {
    if (result.done) finish();
    return result;
  };
  const onError = (error: unknown): IteratorResult<T> => {
    finish();
    if (controller.signal.aborted && !outer?.aborted) return { done: true, value: undefined };
    throw error;
  };
  const iterator: AsyncIterable<T> & AsyncIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next() {
      if (finished) return Promise.resolve({ done: true, value: undefined });
      try {
        return inner.next().then(onResult, onError);
      } catch (error) {
        return Promise.resolve().then(() => onError(error));
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
