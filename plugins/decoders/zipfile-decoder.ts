import {
  componentSchema,
  Decoder,
  defineComponent,
  SluiceError,
  Type,
  type ComponentFactory,
  type HttpResponse,
  type Parser,
} from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import { parserOfDecoder } from "./parser-of-decoder.js";
import { loadFflate, type Fflate } from "./decoder-packages.js";
import { zipEntries } from "./unzip-entries.js";

/**
 * `ZipfileDecoder`: the body is a zip archive; each file in it, in the archive's order, is read by
 * the `parser` (`GzipParser`, `JsonLineParser`, `CsvParser`, `JsonParser`), or by the parser of the
 * `decoder` in the kit's newer form (`JsonDecoder`, `JsonlDecoder`, `CsvDecoder`, `GzipDecoder`).
 * Folders are skipped. Each file is decompressed a piece at a time while its parser reads it, so
 * neither the archive's content nor one file of it is held decompressed, and what the files
 * decompress to, all together and in each nested gzip, is counted against `http.maxResponseBytes`
 * (`HTTP_RESPONSE_TOO_LARGE`): a zip bomb neither fills memory nor runs for minutes. A body that is not a zip archive, a truncated archive, or a file the parser cannot read
 * fails with `DECODER_INVALID_BODY` naming the file. Unzipping is done by fflate.
 *
 * Modelled on Amplitude's `GET /api/2/export?start=20240101T00&end=20240101T23`: a zip of hourly
 * `<project>_<date>#<n>.json.gz` files, each gzipped JSON Lines of events.
 *
 * @example
 * decoder:
 *   type: ZipfileDecoder
 *   parser:
 *     type: GzipParser
 *     inner_parser: { type: JsonLineParser }
 */
export const ZipfileDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "ZipfileDecoder",
  kind: "decoder",
  description: "Reads each file of a zip archive with a parser",
  // The kit's older form names a `parser`, its newer one a `decoder`: one of them is required.
  schema: Type.Object({ parser: Type.Optional(componentSchema("parser")), decoder: Type.Optional(componentSchema("decoder")) }, { anyOf: [{ required: ["parser"] }, { required: ["decoder"] }] }),
  async build(def, ctx) {
    const parser = def.parser !== undefined ? await ctx.build<Parser>("parser") : parserOfDecoder(await ctx.build<Decoder>("decoder"), `${ctx.path}.decoder`);
    return new ZipfileDecoder(parser, await loadFflate());
  },
});

/** The built decoder; see {@link ZipfileDecoderComponent}. */
class ZipfileDecoder extends Decoder {
  /** `fflate` is the fflate module (`await loadFflate()`). */
  constructor(
    readonly parser: Parser,
    private readonly fflate: Fflate,
  ) {
    super();
  }

  override readsBytes(): boolean {
    return true;
  }

  *decode(response: HttpResponse): Generator<unknown> {
    for (const entry of zipEntries(response.bytes(), this.fflate, response.maxBodyBytes)) {
      try {
        yield* this.parser.parse(entry.content, { maxBytes: response.maxBodyBytes });
      } catch (error) {
        if (error instanceof SluiceError && (error.where.component === "ZipfileDecoder" || error.code === "HTTP_RESPONSE_TOO_LARGE")) throw error;
        throw decodeFailure({ component: "ZipfileDecoder", expected: "files the parser can read", found: `file '${entry.name}' of the archive: ${(error as Error).message}`, cause: error, response });
      }
    }
  }
}
