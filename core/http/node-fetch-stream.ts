import Stream, { PassThrough, pipeline as nodePipeline } from "node:stream";

/**
 * `node:stream` as node-fetch's own module sees it in Sluice's bundle (scripts/bundle-library.mjs puts this
 * file in place of node-fetch's import of it): Node's module, whose `pipeline` of two streams and a callback
 * is {@link pipeTwo}. node-fetch joins every response to its body that way, and Node 20's `pipeline` makes an
 * AbortController per call and aborts it when the pipe ends, building a DOMException with its stack each
 * time: with the end-of-stream watchers, about 11% of the CPU of a 100,000-record `sluice read`
 * (docs/performance.md, "CPU, round eight"). Any other call shape is Node's `pipeline`.
 *
 * @example
 * const body = pipeline(response, new PassThrough(), (error) => error && reject(error)); // pipeTwo
 */
export default Stream;
export { PassThrough };

/** Node's `pipeline`, except that two streams and a callback go through {@link pipeTwo}. */
export function pipeline(...args: unknown[]): unknown {
  if (args.length === 3 && typeof args[2] === "function") return pipeTwo(args[0] as NodeJS.ReadableStream & Stream.Readable, args[1] as Stream.Writable, args[2] as (error?: Error) => void);
  return (nodePipeline as (...streams: unknown[]) => unknown)(...args);
}

/**
 * Pipes `source` into `target` as `stream.pipeline(source, target, callback)` does, with listeners only:
 * - the data flows with backpressure (`source.pipe(target)`);
 * - an error of either stream destroys both with it;
 * - either one closing before its end (a connection cut mid-body, a consumer that gives up on the body)
 *   destroys both with Node's premature-close error (`ERR_STREAM_PREMATURE_CLOSE`), so a half-read
 *   response's socket is never handed to the next request;
 * - `callback` runs once: with the error, or with none once `target` has taken all of `source`.
 * Returns `target`.
 *
 * @example
 * const body = pipeTwo(response, new PassThrough(), (error) => { if (error) reject(error); });
 */
export function pipeTwo<T extends Stream.Writable>(source: Stream.Readable, target: T, callback: (error?: Error) => void): T {
  let done = false;
  const end = (error?: Error) => {
    if (done) return;
    done = true;
    source.off("close", onSourceClose);
    target.off("close", onTargetClose);
    target.off("finish", onFinish);
    if (error) {
      source.destroy(error);
      target.destroy(error);
    }
    callback(error);
  };
  const onSourceClose = () => {
    if (!source.readableEnded) end(prematureClose());
  };
  const onTargetClose = () => {
    if (!target.writableFinished) end(prematureClose());
  };
  const onFinish = () => end();
  // The error listeners stay after the end: a late error of a stream already piped is not an uncaught one.
  source.on("error", end);
  target.on("error", end);
  source.on("close", onSourceClose);
  target.on("close", onTargetClose);
  target.on("finish", onFinish);
  source.pipe(target);
  return target;
}

/** Node's error for a stream that closed before its end, with its code. */
function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}
