import { Decoder, defineComponent, Type, type ComponentFactory, type HttpResponse } from "../../sdk/index.js";

/**
 * `JsonDecoder`: the body is JSON (the default when a retriever names no decoder). Its documents are
 * the items of a top-level array, otherwise the body itself; an empty body is `{}`. A body that is
 * not JSON fails with `HTTP_DECODE`, naming the content type and the start of the body (the kit
 * yields `{}` and so reads an empty page; see docs/decoders.md).
 *
 * Modelled on any JSON API, e.g. GitHub's `GET /repos/{owner}/{repo}/issues`: `[{ "id": 1, ... }]`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder: { type: JsonDecoder }
 */
export const JsonDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "JsonDecoder",
  kind: "decoder",
  description: "Decodes a JSON body (the default)",
  schema: Type.Object({}),
  build: () => new JsonDecoder(),
});

/** The built decoder; see {@link JsonDecoderComponent}. */
export class JsonDecoder extends Decoder {
  decode(response: HttpResponse): Iterable<unknown> {
    return response.documents();
  }
}
