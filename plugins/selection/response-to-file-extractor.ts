import { RecordExtractor, Type, chunksOf, defineComponent, type ComponentFactory, type HttpResponse, type Parser } from "../../sdk/index.js";

/** The values pandas' `read_csv` reads as missing by default (the kit's records get null for them). */
const PANDAS_NA_VALUES = ["", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"];

/**
 * A record extractor that reads the body's bytes itself (a downloaded file), so the HTTP client must keep
 * them as sent instead of decoding them as UTF-8 text.
 */
interface BinaryBodyExtractor extends RecordExtractor {
  readsBytes(): true;
}

/**
 * `ResponseToFileExtractor`: the records of a downloaded CSV report (gzipped or not), one per row, with
 * string values as the kit's pandas reader gives them; pandas' missing-value markers (`""`, `NA`,
 * `N/A`, `null`, `NaN`...) become null unless `preserve_na_values: true`. Rows are parsed lazily from the
 * response as the records are taken (gunzipped and decoded a chunk at a time), so neither the
 * decompressed file nor its rows are ever held whole; the compressed body itself is held by the HTTP
 * client, which reads each response completely. Used as an `AsyncRetriever`'s `download_extractor`;
 * modelled on SendGrid's contact exports (`GET` of the signed CSV URL a finished export lists):
 * ```
 * CONTACT_ID,EMAIL,FIRST_NAME
 * 4f1c...,ada@example.com,Ada
 * ```
 *
 * @example
 * download_extractor:
 *   type: ResponseToFileExtractor
 *   preserve_na_values: false
 */
export const ResponseToFileExtractorComponent: ComponentFactory<BinaryBodyExtractor> = defineComponent({
  type: "ResponseToFileExtractor",
  kind: "extractor",
  description: "Records from the rows of a downloaded CSV file (gzipped or not)",
  schema: Type.Object({ preserve_na_values: Type.Optional(Type.Boolean()) }),
  async build(def, ctx) {
    const csv = { type: "CsvParser", ...(def.preserve_na_values === true ? {} : { set_values_to_none: PANDAS_NA_VALUES }) };
    const parser = await ctx.buildChild<Parser>({ type: "GzipParser", inner_parser: csv }, `${ctx.path}(csv)`);
    return new (class extends RecordExtractor implements BinaryBodyExtractor {
      readsBytes(): true {
        return true;
      }
      extract(response: HttpResponse): Iterable<unknown> {
        return parser.parse(chunksOf(response.bytes()), { maxBytes: response.maxBodyBytes });
      }
    })();
  },
});
