import { chunksOf, Decoder, defineComponent, Type, type ComponentFactory, type HttpResponse } from "../../sdk/index.js";

/**
 * `IterableDecoder`: each line of the body (split at `\n`, `\r\n` or `\r`) is one document
 * `{ "record": line }`, read line by line. Empty lines inside the body are kept as `{ "record": "" }`,
 * as in the kit.
 *
 * Modelled on Iterable's `GET /api/lists/getUsers?listId=1`, which answers one email address per line:
 * ```
 * a@example.com
 * b@example.com
 * ```
 * gives `{ "record": "a@example.com" }`, `{ "record": "b@example.com" }`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder: { type: IterableDecoder }
 *   record_selector: { extractor: { field_path: [] } }
 */
export const IterableDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "IterableDecoder",
  kind: "decoder",
  description: "Decodes each line of text into { record: line }",
  schema: Type.Object({}),
  build: () => new IterableDecoder(),
});

/** The built decoder; see {@link IterableDecoderComponent}. */
export class IterableDecoder extends Decoder {
  override isStreamResponse(): boolean {
    return true;
  }

  override readsBytes(): boolean {
    return true;
  }

  *decode(response: HttpResponse): Generator<{ record: string }> {
    const decoder = new TextDecoder();
    let rest = "";
    for (const chunk of chunksOf(response.bytes())) {
      rest += decoder.decode(chunk, { stream: true });
      // A trailing "\r" may be the first half of "\r\n": keep it for the next chunk.
      const lines = rest.split(/\r\n|\r(?!$)|\n/);
      rest = lines.pop()!;
      for (const line of lines) yield { record: line };
    }
    rest += decoder.decode();
    for (const line of rest.split(/\r\n|\r|\n/)) if (line !== "") yield { record: line };
  }
}
