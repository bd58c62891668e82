import { CustomCodeError, Decoder, type ComponentFactory, type ErrorLocation, type HttpResponse } from "../../sdk/index.js";
import { customComponent } from "./custom-component.js";
import { PythonDecoder } from "./python/python-decoder.js";
import { hasMember } from "./describe-class.js";
import { customCodeFailure, guardCustomCall } from "./guard-custom-call.js";

/**
 * `CustomDecoder`: a decoder written by the connector author, named by `class_name` and loaded from
 * the connector folder (TypeScript or JavaScript, no build step). The class extends `Decoder` from
 * `sluice/sdk` and defines `decode(response)`, returning (or yielding) the response's documents; a
 * Python-style port with `decode` and `is_stream_response` works too. It is constructed with its other
 * fields, `config` and `parameters`. An error it throws, at once or halfway through its documents, names
 * the class; documents it yielded before are delivered. Runs custom code: refused when the host does
 * not trust it.
 *
 * Modelled on Amazon Seller Partner's report decoders (`source_amazon_seller_partner.components.GzipXmlDecoder`):
 * a gzipped XML report document decoded into one document per `<Message>`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder:
 *     type: CustomDecoder
 *     class_name: source_acme.components.PipeSeparated
 *     separator: "|"
 */
export const CustomDecoderComponent: ComponentFactory<Decoder> = customComponent<Decoder>({
  type: "CustomDecoder",
  kind: "decoder",
  description: "A decoder class from the connector folder, named by class_name",
  base: Decoder,
  baseName: "Decoder",
  methods: ["decode"],
  alternative: "(or a Python-style class with decode)",
  python: (remote) => new PythonDecoder(remote),
  // A Python-style port need not extend Decoder; either way the adapter guards the generator it returns.
  accept: (cls) => (hasMember(cls, "decode") ? (instance, loaded) => new CustomDecoderAdapter(instance as CustomDecoderShape, loaded.className, loaded.where) : undefined),
});

/** What a custom decoder offers: the SDK's methods, or the kit's Python names. */
interface CustomDecoderShape {
  decode(response: HttpResponse): unknown;
  isStreamResponse?(): boolean;
  is_stream_response?(): boolean;
  readsBytes?(): boolean;
}

/** Runs a custom decoder, turning its failures into errors that name the class. */
class CustomDecoderAdapter extends Decoder {
  constructor(
    private readonly inner: CustomDecoderShape,
    private readonly className: string,
    private readonly where: ErrorLocation,
  ) {
    super();
  }

  override isStreamResponse(): boolean {
    const inner = this.inner;
    const call = inner.isStreamResponse ? () => inner.isStreamResponse!() : inner.is_stream_response ? () => inner.is_stream_response!() : () => false;
    return guardCustomCall(call, { className: this.className, method: "isStreamResponse", where: this.where }) === true;
  }

  // A custom decoder gets the body as bytes: it may read binary content, and text() still works.
  override readsBytes(): boolean {
    return true;
  }

  *decode(response: HttpResponse): Generator<unknown> {
    const site = { className: this.className, method: "decode", where: this.where };
    const documents = guardCustomCall(() => this.inner.decode(response), site);
    if (!isIterable(documents)) {
      throw new CustomCodeError("CUSTOM_DECODER_NOT_ITERABLE", `${this.className}.decode returned ${describe(documents)} instead of its documents`, {
        where: { component: this.className, ...this.where },
        expected: "an iterable of documents (an array, or a generator: *decode(response) { yield ... })",
        found: describe(documents),
      });
    }
    try {
      yield* documents;
    } catch (error) {
      throw customCodeFailure(error, site);
    }
  }
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof (value as { then?: unknown }).then === "function") return "a promise (decode must be synchronous)";
  return typeof value === "object" ? "an object that is not iterable" : `a ${typeof value}`;
}
