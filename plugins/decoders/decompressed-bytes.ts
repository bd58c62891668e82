import { DEFAULT_MAX_BODY_BYTES, HttpRequestError } from "../../sdk/index.js";

/**
 * Counts the bytes one decompression (a gzip stream, the files of a zip archive) has produced against
 * the body limit, `http.maxResponseBytes` (`--max-response-bytes`), and stops it with
 * `HTTP_RESPONSE_TOO_LARGE` past the limit: a 400 KB gzip bomb never becomes 400 MiB. Each layer of a
 * nested archive counts its own output against the same limit.
 *
 * @example
 * const counted = new DecompressedBytes("GzipParser", options?.maxBytes);
 * for (const piece of inflated) { counted.add(piece.length); yield piece; }
 */
export class DecompressedBytes {
  private total = 0;

  constructor(
    private readonly component: string,
    readonly maxBytes: number = DEFAULT_MAX_BODY_BYTES,
  ) {}

  /** Adds `bytes` more; `place` names where they came from (a file of an archive). */
  add(bytes: number, place?: string): void {
    this.total += bytes;
    if (this.total <= this.maxBytes) return;
    throw new HttpRequestError("HTTP_RESPONSE_TOO_LARGE", `The response body decompressed by ${this.component} is larger than the limit of ${this.maxBytes} bytes`, {
      failureType: "system_error",
      where: { component: this.component },
      expected: `at most ${this.maxBytes} bytes once decompressed (raise http.maxResponseBytes, or --max-response-bytes, if this API really sends more)`,
      found: `more than ${this.maxBytes} bytes decompressed${place ? ` by the end of ${place}` : ""}: a decompression bomb, or an export larger than the limit`,
    });
  }
}
