import { defineComponent, ManifestError, Type, type ComponentFactory, type Decoder } from "../../sdk/index.js";
import { CompositeRawDecoder } from "./composite-raw-decoder.js";
import { loadStreamParser } from "./decoder-packages.js";
import { JsonItemsParser } from "./json-items-parser.js";
import { textDecoderFor } from "./text-encoding.js";

/**
 * `JsonItemsDecoder`: for one very large JSON document whose records are the elements of an array at
 * `items_path` (dotted: `data.users`, not `$.data.users[*]`), each element is yielded as soon as it is
 * read; the document is never held whole. `encoding` defaults to `utf-8`. A streaming decoder: pagination
 * sees no document. (The kit's `JsonItemsDecoder`, on ijson.)
 *
 * Modelled on Amazon's report documents such as `GET_VENDOR_FORECASTING_REPORT`, a multi-GB
 * `{ "reportSpecification": {...}, "forecastByAsin": [{ "asin": "B0..." }, ...] }`.
 *
 * @example
 * download_decoder:
 *   type: JsonItemsDecoder
 *   items_path: forecastByAsin
 */
export const JsonItemsDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "JsonItemsDecoder",
  kind: "decoder",
  description: "Streams the elements of one array of a large JSON document",
  schema: Type.Object({ items_path: Type.String(), encoding: Type.Optional(Type.String()) }),
  async build(def, ctx) {
    const itemsPath = def.items_path.trim();
    if (itemsPath === "" || itemsPath.startsWith("$")) {
      throw new ManifestError("DECODER_ITEMS_PATH_INVALID", "items_path is a dotted path to an array", {
        where: { manifestPath: `${ctx.path}.items_path` },
        expected: "a dotted path such as data.users (not JSONPath: no leading $. or trailing [*])",
        found: JSON.stringify(def.items_path),
      });
    }
    textDecoderFor(def.encoding, `${ctx.path}.encoding`);
    return new CompositeRawDecoder(new JsonItemsParser(await loadStreamParser(), itemsPath, def.encoding));
  },
});
