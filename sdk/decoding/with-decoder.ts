import type { HttpResponse } from "../http/http-response.js";
import type { Decoder } from "./decoder.js";

/**
 * The response as the extractor and the paginator see it when a stream has a decoder:
 * `documents()` are the decoder's documents, and `json()` is the first of them (what the kit's
 * paginator reads: the XML dictionary, the first JSON object), or `{}` for a decoder that streams.
 * A non-streaming decoder's documents are decoded once and kept for both readers.
 *
 * @example
 * const decoded = withDecoder(response, xmlDecoder); // an XmlDecoder built from the manifest
 * decoded.json(); // { root: { item: [...] } }
 */
export function withDecoder(response: HttpResponse, decoder: Decoder): HttpResponse {
  let kept: Kept | undefined;
  const streaming = decoder.isStreamResponse();
  const documents = (): Iterable<unknown> => {
    if (streaming) return decoder.decode(response);
    kept ??= keep(decoder.decode(response));
    return kept.failure ? replay(kept.documents, kept.failure.error) : kept.documents;
  };
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
