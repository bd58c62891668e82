import {
  componentSchema,
  defineComponent,
  HttpRequestError,
  Type,
  type ComponentFactory,
  type HttpResponse,
  type RecordExtractor,
  thenMaybe,
  type Awaitable,
} from "../../sdk/index.js";

/**
 * `KeyValueExtractor`: builds records from two lists in one response: `keys_extractor` finds the
 * field names, `values_extractor` the values, in order; each run of as many values as there are keys
 * becomes one record `{ key1: value1, key2: value2, ... }` (a last, shorter run gives a record with
 * fewer fields). No keys, no records. As the kit's. A key that is not a string, number or boolean is an
 * error (`EXTRACTOR_KEY_INVALID`).
 *
 * Modelled on column-oriented reports, e.g. a Google Sheets-style response
 * `{ "columns": ["date", "clicks"], "rows": [["2024-01-01", 3], ["2024-01-02", 5]] }`, which gives
 * `{ date: "2024-01-01", clicks: 3 }` and `{ date: "2024-01-02", clicks: 5 }`.
 *
 * @example
 * extractor:
 *   type: KeyValueExtractor
 *   keys_extractor: { type: DpathExtractor, field_path: [columns] }
 *   values_extractor: { type: DpathExtractor, field_path: [rows, "*", "*"] }
 */
export const KeyValueExtractorComponent: ComponentFactory<RecordExtractor> = defineComponent({
  type: "KeyValueExtractor",
  kind: "extractor",
  description: "Builds records from a list of keys and a list of values",
  fieldDefaults: { keys_extractor: "DpathExtractor", values_extractor: "DpathExtractor" },
  customFieldTypes: { keys_extractor: "CustomRecordExtractor", values_extractor: "CustomRecordExtractor" },
  schema: Type.Object({ keys_extractor: componentSchema("extractor"), values_extractor: componentSchema("extractor") }),
  async build(_def, ctx) {
    return new KeyValueExtractor(await ctx.build<RecordExtractor>("keys_extractor"), await ctx.build<RecordExtractor>("values_extractor"));
  },
});

/** The built extractor; see {@link KeyValueExtractorComponent}. */
class KeyValueExtractor implements RecordExtractor {
  constructor(
    private readonly keys: RecordExtractor,
    private readonly values: RecordExtractor,
  ) {}

  extract(response: HttpResponse): Awaitable<Iterable<Record<string, unknown>>> {
    // Either extractor may answer with a promise (a Python one's).
    return thenMaybe(this.keys.extract(response), (keys) => thenMaybe(this.values.extract(response), (values) => pair(keys, values)));
  }
}

/** The records of a key list and a value list: the values taken a key list's length at a time. */
function* pair(names: Iterable<unknown>, values: Iterable<unknown>): Generator<Record<string, unknown>> {
  const keys = [...names].map((key, i) => keyName(key, i));
  if (keys.length === 0) return;
  let record: Record<string, unknown> = {};
  let filled = 0;
  for (const value of values) {
    record[keys[filled]!] = value;
    if (++filled === keys.length) {
      yield record;
      record = {};
      filled = 0;
    }
  }
  if (filled > 0) yield record;
}

function keyName(key: unknown, index: number): string {
  if (typeof key === "string" || typeof key === "number" || typeof key === "boolean") return String(key);
  throw new HttpRequestError("EXTRACTOR_KEY_INVALID", `KeyValueExtractor: key ${index + 1} of the response is not a name`, {
    failureType: "system_error",
    expected: "keys_extractor to find strings (field names)",
    found: key === null ? "null" : Array.isArray(key) ? "a list" : typeof key,
  });
}
