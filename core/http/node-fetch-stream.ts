import Stream, { PassThrough, pipeline as nodePipeline } from "node:stream";

/**
 * `node:stream` as node-fetch's own module sees it in Sluice's bundle (scripts/bundle-library.mjs puts this
 * file in place of node-fetch's import of it): Node's module, with a lighter `pipeline` of two streams and a
 * callback. node-fetch joins every response to its body with `pipeline(response, new PassThrough(), callback)`
 * (a compressed one on to its decompressor too; a deflate one to two pass-throughs), and Node 20's `pipeline`
 * makes an AbortController per call and aborts it when the pipe ends, building a DOMException with its stack
 * each time; the pass-through then copies every chunk once more. Together, about 15% of the CPU of a
 * 100,000-record `sluice read` (docs/performance.md, "CPU and the page path, round eight"). Here a response
 * joined to an untouched pass-through is that response itself ({@link watchSource}) unless node-fetch pipes
 * it twice (deflate), two other streams go through {@link pipeTwo}, and any other call shape is Node's
 * `pipeline`. test/core/http/node-fetch-stream.test.ts reads each kind of body through the bundle.
 *
 * @example
 * const body = pipeline(response, new PassThrough(), (error) => error && reject(error)); // response itself
 */
export default Stream;
export { PassThrough };

/** Node's `pipeline`, except for two streams and a callback (see the module's doc). */
export function pipeline(...args: unknown[]): unknown {
  const [source, target, callback] = args;
  if (args.length !== 3 || typeof callback !== "function" || !(source instanceof Stream.Readable) || !(target instanceof Stream.Writable)) {
    return (nodePipeline as (...streams: unknown[]) => unknown)(...args);
  }
  const settle = callback as (error?: Error) => void;
  return isUntouchedPassThrough(target) && isPipedOnce(source) ? watchSource(source, settle) : pipeTwo(source, target, settle);
}

/**
 * A response node-fetch pipes once: its body as it is, or on to its decompressor (gzip, brotli). A deflate
 * response is piped twice (node-fetch reads the first chunk of one pipe to tell zlib's wrapping from raw
 * deflate, while the other holds the body from its start): each pipe needs a pass-through of its own. A stream
 * without a response's headers is piped.
 */
function isPipedOnce(source: Stream.Readable): boolean {
  const headers = (source as { headers?: Record<string, unknown> }).headers;
  if (typeof headers !== "object" || headers === null) return false;
  const coding = headers["content-encoding"];
  return coding === undefined || (typeof coding === "string" && !/deflate/i.test(coding));
}

/** A pass-through nothing was written to, read from or piped on from: what it would hand out is its source's. */
function isUntouchedPassThrough(stream: Stream.Writable): boolean {
  return stream instanceof PassThrough && stream.writableLength === 0 && !stream.writableEnded && stream.readableLength === 0 && stream.listenerCount("data") === 0 && stream.listenerCount("readable") === 0;
}

/**
 * `pipeline(source, new PassThrough(), callback)` without the pass-through: returns `source` itself, whose
 * reader now reads, ends, fails or destroys it directly (a half-read response destroyed by its reader closes
 * its socket, as Node's http does). `callback` runs once, as `pipeline`'s would: with the source's error,
 * with the premature-close error when it closes before its end, or with none at its end.
 *
 * @example
 * const body = watchSource(response, (error) => { if (error) reject(error); }); // body === response
 */
export function watchSource<T extends Stream.Readable>(source: T, callback: (error?: Error) => void): T {
  const end = once(callback);
  // The listeners stay after the end (the stream is the response's, gone with it): a late error is not an uncaught one.
  source.on("error", end);
  source.on("end", () => end());
  source.on("close", () => end(source.readableEnded ? undefined : prematureClose()));
  return source;
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
  const end = once((error?: Error) => {
    if (error) {
      source.destroy(error);
      target.destroy(error);
    }
    callback(error);
  });
  // The listeners stay after the end, as in watchSource.
  source.on("error", end);
  target.on("error", end);
  source.on("close", () => source.readableEnded || end(prematureClose()));
  target.on("close", () => target.writableFinished || end(prematureClose()));
  target.on("finish", () => end());
  source.pipe(target);
  return target;
}

/** `callback`, run at its first call only. */
function once(callback: (error?: Error) => void): (error?: Error) => void {
  let done = false;
  return (error) => {
    if (done) return;
    done = true;
    callback(error);
  };
}

/** Node's error for a stream that closed before its end, with its code. */
function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}
