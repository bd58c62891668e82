import { HttpRequestError, type FetchResponse, type ResponseHeaders } from "../../sdk/index.js";

/**
 * Reads a response body as UTF-8 text, refusing it as soon as it grows past `maxBytes`: a declared
 * `Content-Length` over the limit is refused before reading, and a streamed body is counted chunk by
 * chunk (after decompression), so a huge or endless body never sits in memory. A transport without a
 * body stream (a test fake) is checked after `text()`.
 *
 * @example
 * const text = await readLimitedBody(raw, headers, 100 * 1024 * 1024, () => "GET https://api.example.com/users");
 */
export async function readLimitedBody(raw: FetchResponse, headers: ResponseHeaders, maxBytes: number, label: () => string): Promise<string> {
  const stream = await limitedStream(raw, headers, maxBytes, label);
  if (stream) return (await readChunks(stream, maxBytes, label)).toString("utf8");
  const text = await raw.text();
  // A UTF-16 unit is at most 3 UTF-8 bytes: most bodies are too short to need counting.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) throw tooLarge(label, maxBytes, `a body of ${bytes} bytes`);
  return text;
}

/**
 * {@link readLimitedBody} for a body read as bytes (binary content a decoder unpacks), under the same limit.
 *
 * @example
 * const bytes = await readLimitedBytes(raw, headers, 100 * 1024 * 1024, label);
 */
export async function readLimitedBytes(raw: FetchResponse, headers: ResponseHeaders, maxBytes: number, label: () => string): Promise<Buffer> {
  const stream = await limitedStream(raw, headers, maxBytes, label);
  if (stream) return readChunks(stream, maxBytes, label);
  const bytes = Buffer.from(await raw.text(), "utf8");
  if (bytes.length > maxBytes) throw tooLarge(label, maxBytes, `a body of ${bytes.length} bytes`);
  return bytes;
}

/** The body stream, after refusing a declared length over the limit; undefined when the transport gives none. */
async function limitedStream(raw: FetchResponse, headers: ResponseHeaders, maxBytes: number, label: () => string): Promise<AsyncIterable<Uint8Array> | undefined> {
  const length = headers.get("content-length");
  const encoding = headers.get("content-encoding")?.trim().toLowerCase();
  const encoded = encoding !== undefined && encoding !== "" && encoding !== "identity";
  if (length !== null && !encoded && Number(length) > maxBytes) {
    await discard(raw);
    throw tooLarge(label, maxBytes, `a Content-Length of ${length} bytes`);
  }
  const body = raw.body;
  return body && typeof body[Symbol.asyncIterator] === "function" ? body : undefined;
}

/** The chunks of a body stream, stopping (and closing it) as soon as they pass `maxBytes`. */
async function readChunks(body: AsyncIterable<Uint8Array>, maxBytes: number, label: () => string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  const iterator = body[Symbol.asyncIterator]();
  for (;;) {
    const { value, done } = await iterator.next();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await iterator.return?.();
      throw tooLarge(label, maxBytes, `more than ${maxBytes} bytes (stopped reading)`);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
}

/** Lets go of a body that will not be read (one refused by its declared size). */
async function discard(raw: FetchResponse): Promise<void> {
  const body = raw.body as (AsyncIterable<Uint8Array> & { destroy?: () => void; cancel?: () => Promise<void> }) | null | undefined;
  try {
    if (body && typeof body.destroy === "function") body.destroy();
    else if (body && typeof body.cancel === "function") await body.cancel();
    else if (!body) await raw.text();
  } catch {
    // the body is not needed: a failure to drop it changes nothing
  }
}

function tooLarge(label: () => string, maxBytes: number, found: string): HttpRequestError {
  return new HttpRequestError("HTTP_RESPONSE_TOO_LARGE", `The response to ${label()} is larger than the limit of ${maxBytes} bytes`, {
    failureType: "system_error",
    where: { request: label() },
    expected: `a body of at most ${maxBytes} bytes (raise http.maxResponseBytes if this API really sends more)`,
    found,
  });
}
