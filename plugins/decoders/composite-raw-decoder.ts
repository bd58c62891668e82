import {
  chunksOf,
  componentSchema,
  Decoder,
  defineComponent,
  Type,
  type ComponentFactory,
  type HttpResponse,
  type Parser,
} from "../../sdk/index.js";

/**
 * `CompositeRawDecoder`: the body's bytes go through a `parser` (`JsonLineParser`, `CsvParser`,
 * `JsonParser`, or `GzipParser` around one of them), chunk by chunk. `stream_response` (default true)
 * says the body is streamed: pagination then sees no document, as in the kit. The body is kept as the
 * bytes the server sent, so non-UTF-8 and compressed content reach the parser intact.
 *
 * Modelled on bulk export endpoints, e.g. a gzipped CSV report download:
 * `GET /reports/123/document` answering `Content-Type: application/gzip`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder:
 *     type: CompositeRawDecoder
 *     parser: { type: GzipParser, inner_parser: { type: CsvParser } }
 */
export const CompositeRawDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "CompositeRawDecoder",
  kind: "decoder",
  description: "Decodes the body's bytes with a parser (CSV, JSON Lines, JSON, gzip)",
  fieldDefaults: { parser: "JsonParser" },
  schema: Type.Object({ parser: componentSchema("parser"), stream_response: Type.Optional(Type.Boolean()) }),
  build: async (def, ctx) => new CompositeRawDecoder(await ctx.build<Parser>("parser"), def.stream_response !== false),
});

/** The built decoder; see {@link CompositeRawDecoderComponent}. Also the base of the decoders made of a parser. */
export class CompositeRawDecoder extends Decoder {
  constructor(
    readonly parser: Parser,
    private readonly streamResponse = true,
  ) {
    super();
  }

  override isStreamResponse(): boolean {
    return this.streamResponse;
  }

  override readsBytes(): boolean {
    return true;
  }

  decode(response: HttpResponse): Iterable<unknown> {
    return this.parser.parse(chunksOf(response.bytes()), { maxBytes: response.maxBodyBytes });
  }
}
