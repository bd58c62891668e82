import { isThenable, type Awaitable } from "../components/awaitable.js";
import { CustomCodeError } from "../errors/error-kinds.js";
import type { HttpResponse } from "../http/http-response.js";
import type { Decoder } from "./decoder.js";

/**
 * The response as the extractor and the paginator see it when a stream has a decoder:
 * `documents()` are the decoder's documents, and `json()` is the first of them (what the kit's
 * paginator reads: the XML dictionary, the first JSON object), or `{}` for a decoder that streams.
 * A non-streaming decoder's documents are decoded once and kept for both readers; one that answers
 * with a promise (a Python decoder) makes this a promise of the response, its documents awaited once.
 *
 * @example
 * const decoded = withDecoder(response, xmlDecoder); // an XmlDecoder built from the manifest
 * decoded.json(); // { root: { item: [...] } }
 */
export function withDecoder(response: HttpResponse, decoder: Decoder): Awaitable<HttpResponse> {
  if (decoder.isStreamResponse()) return decodedResponse(response, () => streamedDocuments(decoder, response), true);
  let decoded: Awaitable<Iterable<unknown>>;
  try {
    decoded = decoder.decode(response);
  } catch (error) {
    return keptResponse(response, () => ({ documents: [], failure: { error } }));
  }
  // A decoder answering with a promise (a Python decoder's) is awaited once, here; a generator runs when read.
  if (isThenable(decoded)) return decoded.then((documents) => keptResponse(response, () => keep(documents)), (error: unknown) => keptResponse(response, () => ({ documents: [], failure: { error } })));
  const documents = decoded;
  return keptResponse(response, () => keep(documents));
}

/** A non-streaming decoder's documents, decoded once when first read and kept for every reader. */
function keptResponse(response: HttpResponse, decode: () => Kept): HttpResponse {
  let kept: Kept | undefined;
  return decodedResponse(response, () => {
    kept ??= decode();
    return kept.failure ? replay(kept.documents, kept.failure.error) : kept.documents;
  }, false);
}

/** A streaming decoder's documents, decoded again at each read; it must answer synchronously. */
function streamedDocuments(decoder: Decoder, response: HttpResponse): Iterable<unknown> {
  const documents = decoder.decode(response);
  if (!isThenable(documents)) return documents;
  documents.then(undefined, () => undefined);
  throw new CustomCodeError("CUSTOM_CODE_ASYNC", `${decoder.constructor.name}.decode returned a promise; a decoder whose isStreamResponse() is true yields its documents as it reads`, {
    expected: "an iterable of documents",
    found: "a promise",
  });
}

function decodedResponse(response: HttpResponse, documents: () => Iterable<unknown>, streaming: boolean): HttpResponse {
  return {
    status: response.status,
    url: response.url,
    headers: response.headers,
    get links() {
      return response.links;
    },
    get ignored() {
      return response.ignored;
    },
    text: () => response.text(),
    bytes: () => response.bytes(),
    documents,
    json: () => {
      if (streaming) return {};
      for (const first of documents()) return first;
      return {};
    },
  };
}

/** Documents decoded once; a decoder that failed halfway keeps what it yielded and its error. */
interface Kept {
  documents: unknown[];
  failure?: { error: unknown };
}

function keep(decoded: Iterable<unknown>): Kept {
  const documents: unknown[] = [];
  try {
    for (const document of decoded) documents.push(document);
  } catch (error) {
    return { documents, failure: { error } };
  }
  return { documents };
}

/** The documents a decoder yielded before it failed, then its error: records before it are delivered. */
function* replay(documents: readonly unknown[], error: unknown): Generator<unknown> {
  yield* documents;
  throw error;
}
