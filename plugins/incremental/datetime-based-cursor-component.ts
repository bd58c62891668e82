import {
  Clock,
  Interpolator,
  Logger,
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
  type BuildContext,
  type ComponentFactory,
  type IncrementalCursor,
  type RequestOption,
} from "../../sdk/index.js";
import { makeClamping, type Clamping } from "./clamping.js";
import { DatetimeBasedCursor } from "./datetime-based-cursor.js";
import type { PyDateTime } from "../../python/datetime.js";
import { parseIsoDuration, type IsoDuration } from "../../python/iso-duration.js";
import { MinMaxDatetime } from "./min-max-datetime.js";
import { pyStr } from "../../python/str.js";

const DATETIME_FIELD = { anyOf: [{ type: "string" }, { type: "object" }] };

/**
 * `DatetimeBasedCursor`: incremental sync over a datetime field; see {@link DatetimeBasedCursor}.
 * `start_datetime`/`end_datetime` are a string template or a `MinMaxDatetime`; `step` and
 * `cursor_granularity` (ISO 8601 durations) come together or not at all (no step: one slice);
 * `lookback_window` re-reads that much before the saved cursor; `is_client_side_incremental` drops the
 * records outside the window; `clamping` rounds slices to DAY, WEEK or MONTH.
 *
 * @example
 * incremental_sync:
 *   type: DatetimeBasedCursor
 *   cursor_field: created
 *   datetime_format: "%s"
 *   start_datetime: { datetime: "{{ config['start_date'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" }
 *   step: P30D
 *   cursor_granularity: PT1S
 *   start_time_option: { inject_into: request_parameter, field_name: "created[gte]" }
 *   end_time_option: { inject_into: request_parameter, field_name: "created[lte]" }
 */
export const DatetimeBasedCursorComponent: ComponentFactory<IncrementalCursor> = defineComponent({
  type: "DatetimeBasedCursor",
  kind: "incremental_sync",
  description: "Incremental sync over a datetime cursor field, in date-window slices",
  examples: [{ cursor_field: "updated_at", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: "{{ config['start_date'] }}", step: "P30D", cursor_granularity: "PT1S", start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_since" } }],
  fieldDefaults: { start_datetime: "MinMaxDatetime", end_datetime: "MinMaxDatetime", start_time_option: "RequestOption", end_time_option: "RequestOption" },
  schema: Type.Object({
    cursor_field: Type.String(),
    datetime_format: Type.String(),
    cursor_datetime_formats: Type.Optional(Type.Array(Type.String())),
    start_datetime: Type.Union([Type.String(), jsonSchema<Record<string, unknown>>({ type: "object" })]),
    end_datetime: Type.Optional(Type.Union([Type.String(), jsonSchema<Record<string, unknown>>({ type: "object" })])),
    step: Type.Optional(Type.String()),
    cursor_granularity: Type.Optional(Type.String()),
    start_time_option: Type.Optional(componentSchema("request_option")),
    end_time_option: Type.Optional(componentSchema("request_option")),
    partition_field_start: Type.Optional(Type.String()),
    partition_field_end: Type.Optional(Type.String()),
    lookback_window: Type.Optional(Type.String()),
    is_data_feed: Type.Optional(Type.Boolean()),
    is_client_side_incremental: Type.Optional(Type.Boolean()),
    is_compare_strictly: Type.Optional(Type.Boolean()),
    global_substream_cursor: Type.Optional(Type.Boolean()),
    allow_catalog_defined_cursor_field: Type.Optional(Type.Boolean()),
    clamping: Type.Optional(Type.Object({
      target: Type.String(),
      target_details: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    })),
  }),
  async build(def, ctx) {
    const fields: Record<string, unknown> = def;
    const text = (field: string, value: unknown = fields[field]) => (value === undefined || value === null || value === "" ? "" : evalText(ctx, value, field));
    if (Boolean(def.step) !== Boolean(def.cursor_granularity)) {
      throw new ManifestError("INCREMENTAL_STEP_WITHOUT_GRANULARITY", "If step is defined, cursor_granularity should be as well and vice-versa", {
        where: { manifestPath: `${ctx.path}.${def.step ? "cursor_granularity" : "step"}` },
        expected: "both step and cursor_granularity, or neither",
        found: `step ${JSON.stringify(def.step ?? null)}, cursor_granularity ${JSON.stringify(def.cursor_granularity ?? null)}`,
      });
    }
    const datetimeFormat = String(def.datetime_format);
    const formats = Array.isArray(def.cursor_datetime_formats) ? def.cursor_datetime_formats.map(String) : [];
    const start = (await datetimeField(ctx, def.start_datetime, "start_datetime"))!;
    const end = await datetimeField(ctx, def.end_datetime, "end_datetime");
    for (const bound of [start, end]) if (bound && !bound.datetimeFormat) bound.datetimeFormat = datetimeFormat;
    const granularity = duration(ctx, def.cursor_granularity ? String(def.cursor_granularity) : "", "cursor_granularity");
    const clamp = clamping(def.clamping, ctx, text, granularity);
    return new DatetimeBasedCursor({
      cursorField: text("cursor_field"),
      datetimeFormat,
      inputFormats: [...formats, datetimeFormat],
      start,
      end,
      durations: once(() => ({ step: duration(ctx, text("step"), "step"), lookback: duration(ctx, text("lookback_window"), "lookback_window") })),
      granularity,
      startField: text("partition_field_start", def.partition_field_start || "start_time"),
      endField: text("partition_field_end", def.partition_field_end || "end_time"),
      startOption: await ctx.build<RequestOption | undefined>("start_time_option"),
      endOption: await ctx.build<RequestOption | undefined>("end_time_option"),
      filterRecords: def.is_client_side_incremental === true || def.is_data_feed === true,
      dataFeed: def.is_data_feed === true,
      clamping: clamp?.strategy,
      clampEnd: clamp?.end,
      globalSubstreamCursor: def.global_substream_cursor === true,
      clock: ctx.get(Clock),
      logger: ctx.get(Logger),
      stream: ctx.stream,
      path: ctx.path,
    });
  },
});

/** A function that computes its value on the first call and keeps it. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

/** Evaluates a template field once, at build time, with `config` and `parameters` (as the kit does). */
function evalText(ctx: BuildContext, value: unknown, field: string): string {
  const template = ctx.get(Interpolator).compile(String(value), { path: `${ctx.path}.${field}`, names: [] });
  const result = template.eval({ config: ctx.config, parameters: ctx.parameters });
  return result === null || result === undefined || result === "" ? "" : pyStr(result);
}

async function datetimeField(ctx: BuildContext, value: unknown, field: string): Promise<MinMaxDatetime | undefined> {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "object") return ctx.build<MinMaxDatetime>(field);
  const interpolator = ctx.get(Interpolator);
  const path = `${ctx.path}.${field}`;
  return new MinMaxDatetime({ datetime: interpolator.compile(String(value), { path, names: [] }), config: ctx.config, parameters: ctx.parameters, path: ctx.path });
}

function duration(ctx: BuildContext, text: string, field: string): IsoDuration | undefined {
  if (!text) return undefined;
  const parsed = parseIsoDuration(text);
  if (parsed) return parsed;
  throw new ManifestError("INCREMENTAL_DURATION_INVALID", `${field} '${text}' is not an ISO 8601 duration`, {
    where: { manifestPath: `${ctx.path}.${field}` },
    expected: "an ISO 8601 duration such as P1D, PT1H, P1M or PT0.000001S",
    found: JSON.stringify(text),
  });
}

/** The clamping strategy, and the end-of-window adjustment the kit pairs with it. */
function clamping(spec: { target: string; target_details?: Record<string, unknown> } | undefined, ctx: BuildContext, text: (field: string, value?: unknown) => string, granularity: IsoDuration | undefined) {
  if (!spec) return undefined;
  const target = text("clamping.target", spec.target);
  const strategy: Clamping = makeClamping(target, spec.target_details, `${ctx.path}.clamping`);
  const day = 86_400_000_000n;
  const fallback: IsoDuration = { years: 0, months: 0, us: target === "DAY" ? 1_000_000n : day };
  const step = granularity ?? fallback;
  return { strategy, end: (value: PyDateTime) => strategy.floor(value).plus(step, -1) ?? value };
}
