import {
  Interpolator,
  Type,
  defineComponent,
  jsonSchema,
  type ComponentFactory,
  type HttpResponse,
  type RecordExtractor,
} from "../../sdk/index.js";

/**
 * `DpathExtractor`: the records are at `field_path` in the response body (each segment may be a
 * template on `config`/`parameters`; `*` matches every key or index at its level). An empty path
 * takes the whole body; a list yields its items, an object yields itself, anything else nothing.
 * A top-level JSON array is read item by item, as the Python kit's JSON decoder does.
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
    field_path: Type.Optional(Type.Array(jsonSchema<string | number>({ type: ["string", "integer"] }))),
    decoder: Type.Optional(Type.Unknown()),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const path = (def.field_path ?? []).map((segment, i) =>
      interpolator.compile(String(segment), { path: `${ctx.path}.field_path[${i}]` }).render(scope),
    );
    return new DpathExtractor(path);
  },
});

/** The built extractor; see {@link DpathExtractorComponent}. */
export class DpathExtractor implements RecordExtractor {
  private readonly wildcard: boolean;

  constructor(private readonly path: readonly string[]) {
    this.wildcard = path.includes("*");
  }

  /**
   * The page's items as one array (an `Iterable`, as the contract asks): no generator is resumed per
   * record. A path that ends at a list returns that list itself; callers copy before they change it.
   */
  extract(response: HttpResponse): unknown[] {
    const body = response.json();
    if (!Array.isArray(body)) return this.find(body);
    const items: unknown[] = [];
    for (const document of body) {
      const found = this.path.length === 0 ? document : this.locate(document);
      if (Array.isArray(found)) for (let i = 0; i < found.length; i++) items.push(found[i]);
      else if (isNonEmptyObject(found)) items.push(found);
    }
    return items;
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
