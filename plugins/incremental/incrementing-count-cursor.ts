import {
  ManifestError,
  Interpolator,
  Type,
  componentSchema,
  defineComponent,
  makeSlice,
  type ComponentFactory,
  type DataRecord,
  type IncrementalCursor,
  type OutgoingRequest,
  type RequestOption,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { pyStr } from "../../python/str.js";

/** The slice key of the start value, as the kit's concurrent cursor names it. */
const START_KEY = "start";

/** What an {@link IncrementingCountCursor} is made of (templates evaluated). */
interface IncrementingCountCursorParts {
  cursorField: string;
  startValue: number;
  startOption?: RequestOption;
  stream?: string;
  path: string;
}

/**
 * An incremental cursor over an increasing integer (the kit's `IncrementingCountCursor`, which it runs
 * as a concurrent cursor with an integer state converter). The read is one slice `{start: <value>}`:
 * the saved value when it is at least `start_value` (a saved `0` counts as none, as in the kit), else
 * `start_value` (default 0). `start_value_option` sends that value; records are not filtered. The state
 * is `{<cursor_field>: <highest value read>}` (the start value while nothing was read).
 *
 * @example
 * incremental_sync:
 *   type: IncrementingCountCursor
 *   cursor_field: id
 *   start_value: "{{ config['start_id'] }}"
 *   start_value_option: { type: RequestOption, inject_into: request_parameter, field_name: since_id }
 */
export class IncrementingCountCursor implements IncrementalCursor {
  readonly cursorField: string;
  private syncStart = 0;
  private mostRecent: number | undefined;

  constructor(private readonly parts: IncrementingCountCursorParts) {
    this.cursorField = parts.cursorField;
    this.syncStart = parts.startValue;
  }

  setState(state: Record<string, unknown> | undefined): void {
    const saved = state ?? {};
    // A concurrent-format state (`{"state_type": "integer", "slices": [...]}`) keeps its most recent value.
    const slices = saved.state_type === "integer" && Array.isArray(saved.slices) ? (saved.slices as Array<Record<string, unknown>>) : undefined;
    const value = slices ? toNumber(slices[0]?.most_recent_cursor_value ?? slices[0]?.end) : toNumber(saved[this.cursorField]);
    this.syncStart = value && value >= this.parts.startValue ? value : this.parts.startValue;
    this.mostRecent = undefined;
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    yield makeSlice({}, { [START_KEY]: this.syncStart });
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    if (this.parts.startOption && slice[START_KEY] !== undefined) this.parts.startOption.inject(request, slice[START_KEY]);
  }

  observe(_slice: StreamSlice, record: DataRecord): boolean {
    const value = toNumber(record[this.cursorField]);
    if (value !== undefined && (this.mostRecent === undefined || value > this.mostRecent)) this.mostRecent = value;
    return true;
  }

  closeSlice(): void {}

  state(): Record<string, unknown> {
    return { [this.cursorField]: this.mostRecent ?? this.syncStart };
  }

  /** The kit refuses a partition router beside this cursor; so does Sluice, when the stream is built. */
  forPartitions(_router: StreamSlicer): undefined {
    throw new ManifestError("INCREMENTAL_COUNT_WITH_PARTITIONS", `The low-code framework does not currently support usage of a PartitionRouter and an IncrementingCountCursor at the same time. Please specify only one of these options for stream ${this.parts.stream ?? ""}.`, {
      where: { manifestPath: this.parts.path, stream: this.parts.stream },
      expected: "an IncrementingCountCursor without a partition_router",
      found: "a partition_router on the same retriever",
    });
  }
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/** The manifest component; see {@link IncrementingCountCursor}. */
export const IncrementingCountCursorComponent: ComponentFactory<IncrementalCursor> = defineComponent({
  type: "IncrementingCountCursor",
  kind: "incremental_sync",
  description: "Cursor that allows for incremental sync according to a continuously increasing integer.",
  examples: [{ cursor_field: "id", start_value: 0, start_value_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "since_id" } }],
  fieldDefaults: { start_value_option: "RequestOption" },
  schema: Type.Object({
    cursor_field: Type.String({ title: "Cursor Field", description: "The location of the value on a record that will be used as a bookmark during sync. To ensure no data loss, the API must return records in ascending order based on the cursor field. Nested fields are not supported, so the field must be at the top level of the record." }),
    allow_catalog_defined_cursor_field: Type.Optional(Type.Boolean({ title: "Allow Catalog Defined Cursor Field" })),
    start_value: Type.Optional(Type.Union([Type.String(), Type.Integer()], { title: "Start Value", description: "The value that determines the earliest record that should be synced." })),
    start_value_option: Type.Optional(componentSchema("request_option")),
  }, { title: "Incrementing Count Cursor" }),
  async build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const evaluate = (value: unknown, field: string) => pyStr(interpolator.compile(String(value), { path: `${ctx.path}.${field}`, names: [] }).eval({ config: ctx.config, parameters: ctx.parameters }) ?? "");
    const startText = def.start_value === undefined ? "0" : evaluate(def.start_value, "start_value").trim();
    if (!/^[-+]?\d+$/.test(startText)) {
      throw new ManifestError("INCREMENTAL_COUNT_START_INVALID", `start_value '${startText}' is not an integer`, {
        where: { manifestPath: `${ctx.path}.start_value`, stream: ctx.stream },
        expected: "an integer, or a template giving one",
        found: JSON.stringify(startText),
      });
    }
    return new IncrementingCountCursor({
      cursorField: evaluate(def.cursor_field, "cursor_field"),
      startValue: Number(startText),
      startOption: await ctx.build<RequestOption | undefined>("start_value_option"),
      stream: ctx.stream,
      path: ctx.path,
    });
  },
});
