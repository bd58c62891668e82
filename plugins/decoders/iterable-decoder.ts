import { chunksOf, Decoder, defineComponent, Type, type ComponentFactory, type HttpResponse } from "../../sdk/index.js";
import { LineSplitter } from "./text-encoding.js";

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
    // Split at "\n" in linear time first; a lone "\r" inside a line also ends one (and "\r\n" is one break).
    const lines = new LineSplitter({ component: "IterableDecoder" });
    const records = function* (text: string): Generator<{ record: string }> {
      for (const line of lines.push(text)) for (const part of (line.endsWith("\r") ? line.slice(0, -1) : line).split("\r")) yield { record: part };
    };
    for (const chunk of chunksOf(response.bytes())) yield* records(decoder.decode(chunk, { stream: true }));
    yield* records(decoder.decode());
    for (const part of lines.end().split("\r")) if (part !== "") yield { record: part };
  }
}
