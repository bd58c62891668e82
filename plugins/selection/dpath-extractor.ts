import {
  Interpolator,
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
  thenMaybe,
  type Awaitable,
  type ComponentFactory,
  type Decoder,
  type HttpResponse,
  type RecordExtractor,
} from "../../sdk/index.js";
import type { RecordExpander } from "./record-expander.js";

/**
 * `DpathExtractor`: the records are at `field_path` in the response body (each segment may be a
 * template on `config`/`parameters`; `*` matches every key or index at its level). An empty path
 * takes the whole body; a list yields its items, an object yields itself, anything else nothing.
 * The path applies to each document of the response (`response.documents()`: the items of a
 * top-level JSON array, each line with a `JsonlDecoder`, each CSV row...), as in the kit. A `decoder`
 * of its own (rare) decodes the response for this extractor only.
 *
 * @example
 * # { "data": { "users": [{ "id": 1 }, { "id": 2 }] } }
 * extractor: { type: DpathExtractor, field_path: [data, users] }
 */
export const DpathExtractorComponent: ComponentFactory<RecordExtractor> = defineComponent({
  type: "DpathExtractor",
  kind: "extractor",
  description: "Finds the records at a path in the JSON body",
  examples: [{ field_path: ["data", "items"] }, { field_path: [] }],
  schema: Type.Object({
    // Required, as in the kit's schema ($parameters may supply it): a misspelled `feild_path` must not turn
    // the whole response into one record.
    field_path: Type.Array(jsonSchema<string | number>({ type: ["string", "integer"] })),
    decoder: Type.Optional(componentSchema("decoder")),
    record_expander: Type.Optional(componentSchema("record_expander")),
  }),
  customFieldTypes: { decoder: "CustomDecoder" },
  fieldDefaults: { record_expander: "RecordExpander" },
  async build(def, ctx) {
    const decoder = await ctx.build<Decoder | undefined>("decoder");
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const path = def.field_path.map((segment, i) =>
      interpolator.compile(String(segment), { path: `${ctx.path}.field_path[${i}]` }).render(scope),
    );
    const extractor = new DpathExtractor(path, decoder);
    const expander = await ctx.build<RecordExpander | undefined>("record_expander");
    return expander ? expander.around(extractor) : extractor;
  },
});

/** The built extractor; see {@link DpathExtractorComponent}. */
export class DpathExtractor implements RecordExtractor {
  private readonly wildcard: boolean;

  constructor(
    private readonly path: readonly string[],
    private readonly decoder?: Decoder,
  ) {
    this.wildcard = path.includes("*");
  }

  /**
   * The page's items as one array (an `Iterable`, as the contract asks): no generator is resumed per
   * record. A path that ends at a list returns that list itself; callers copy before they change it.
   */
  extract(response: HttpResponse): Awaitable<Iterable<unknown>> {
    if (!this.decoder) return this.itemsOf(response.documents());
    // Its own decoder may answer with a promise (a Python decoder's).
    return thenMaybe(this.decoder.decode(response), (documents) => this.itemsOf(documents));
  }

  /** The items the path finds in a response's documents. */
  private itemsOf(documents: Iterable<unknown>): Iterable<unknown> {
    if (!Array.isArray(documents)) return this.each(documents);
    if (documents.length === 1) return this.find(documents[0]);
    const items: unknown[] = [];
    for (const document of documents) {
      const found = this.path.length === 0 ? document : this.locate(document);
      if (Array.isArray(found)) for (let i = 0; i < found.length; i++) items.push(found[i]);
      else if (isNonEmptyObject(found)) items.push(found);
    }
    return items;
  }

  /**
   * The items of documents decoded lazily (JSON Lines, CSV, a custom decoder), one at a time: a decoder
   * that fails halfway fails after the records before it were delivered.
   */
  private *each(documents: Iterable<unknown>): Generator<unknown> {
    for (const document of documents) yield* this.find(document);
  }

  /** What the path finds in one document: the list's items, the object alone, or nothing. */
  private find(document: unknown): unknown[] {
    const found = this.path.length === 0 ? document : this.locate(document);
    if (Array.isArray(found)) return found;
    return isNonEmptyObject(found) ? [found] : [];
  }

  private locate(document: unknown): unknown {
    return this.wildcard ? glob(document, this.path) : get(document, this.path);
  }
}

function get(node: unknown, path: readonly string[]): unknown {
  let current = node;
  for (const segment of path) {
    current = child(current, segment);
    if (current === undefined) return [];
  }
  return current;
}

function glob(node: unknown, path: readonly string[]): unknown[] {
  let level: unknown[] = [node];
  for (const segment of path) {
    const next: unknown[] = [];
    for (const item of level) {
      if (segment === "*") {
        if (Array.isArray(item)) next.push(...item);
        else if (item && typeof item === "object") next.push(...Object.values(item));
      } else {
        const value = child(item, segment);
        if (value !== undefined) next.push(value);
      }
    }
    level = next;
  }
  return level;
}

function child(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) return /^-?\d+$/.test(segment) ? node.at(Number(segment)) : undefined;
  if (node && typeof node === "object") return Object.prototype.hasOwnProperty.call(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  return undefined;
}

/** Whether the value is an object with an own enumerable key (`Object.keys(value).length > 0`, without the array). */
function isNonEmptyObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return true;
  return false;
}
