/**
 * Why stdout can no longer be written: its reader went away (`EPIPE`: `sluice read | head -3` after
 * three lines, a pager that was quit), or writing failed (`ENOSPC` on a full disk, `EIO`).
 */
export class StdoutClosed extends Error {
  constructor(readonly code: string) {
    super(`stdout can no longer be written (${code})`);
    this.name = "StdoutClosed";
  }

  /** True when the reader simply stopped reading, as `head` does: not a failure of the command. */
  get readerLeft(): boolean {
    return this.code === "EPIPE" || this.code === "ERR_STREAM_DESTROYED";
  }
}

/**
 * Watches the process's stdout: the signal returned is aborted, with a {@link StdoutClosed} reason, at
 * the first write error. Without this listener Node throws the `EPIPE` of `sluice schema | head -1` as
 * an unhandled 'error' event, with a stack trace on stderr and exit code 1. A closed pipe is noticed at
 * the next write, as every Unix tool notices it (Node ignores SIGPIPE, so the write fails with EPIPE).
 *
 * @example
 * const closed = watchStdout(process.stdout);
 * const signal = AbortSignal.any([interrupted, closed]); // a read stops its requests when either fires
 */
export function watchStdout(stdout: NodeJS.WritableStream): AbortSignal {
  const controller = new AbortController();
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (!controller.signal.aborted) controller.abort(new StdoutClosed(error.code ?? "EIO"));
  });
  return controller.signal;
}

/**
 * Waits until a stream that refused a write (`write()` returned false) can take more, or has closed: a
 * reader that goes away while the writer waits must not leave it waiting forever.
 *
 * @example
 * if (!stdout.write(text)) await drainedOrClosed(stdout);
 */
export function drainedOrClosed(stream: NodeJS.WritableStream): Promise<void> {
  if ((stream as { destroyed?: boolean }).destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      stream.off("error", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
    stream.on("error", done);
  });
}
