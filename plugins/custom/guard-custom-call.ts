import { CustomCodeError, isThenable, SluiceError, type ErrorLocation } from "../../sdk/index.js";

/** Who is being called, for the error a failure becomes. */
interface CustomCallSite {
  /** The manifest's `class_name`. */
  className: string;
  /** The method called, e.g. `nextPageToken`. */
  method: string;
  /** Where the call happens (stream, page, manifest path). */
  where: ErrorLocation;
}

/**
 * Runs one call into custom code. A plain error it throws (or a promise it rejects) becomes a
 * `CustomCodeError` `CUSTOM_CODE_FAILED` naming the class, method, stream and page, with the
 * original as `cause`; a `SluiceError` it throws on purpose keeps its code and gains the location.
 *
 * @example
 * const token = guardCustomCall(() => inner.nextPageToken(response, size, last, token), { className, method: "nextPageToken", where: { stream: "users", page: 3 } });
 */
export function guardCustomCall<T>(call: () => T, site: CustomCallSite): T {
  let result: T;
  try {
    result = call();
  } catch (error) {
    throw customCodeFailure(error, site);
  }
  if (isThenable(result as unknown)) {
    return (result as PromiseLike<unknown>).then(undefined, (error: unknown) => {
      throw customCodeFailure(error, site);
    }) as T;
  }
  return result;
}

/** The error a failure inside custom code becomes (see {@link guardCustomCall}). */
export function customCodeFailure(error: unknown, site: CustomCallSite): SluiceError {
  const where: ErrorLocation = { component: site.className, ...site.where };
  if (error instanceof SluiceError) return error.locate(where);
  const message = error instanceof Error ? error.message : String(error);
  return new CustomCodeError("CUSTOM_CODE_FAILED", `${site.className}.${site.method} threw: ${message}`, { where, cause: error });
}
